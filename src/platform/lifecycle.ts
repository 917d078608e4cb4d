// Work that must finish before the process exits (flushing buffers), run in registration order.
type Task = { name: string; run: () => Promise<void> | void }
const tasks: Task[] = []

export function onShutdown(name: string, run: Task['run']) {
  tasks.push({ name, run })
}

export async function runShutdownTasks(report: (name: string, error: unknown) => void) {
  for (const task of tasks) {
    try {
      await task.run()
    } catch (error) {
      report(task.name, error)
    }
  }
}
