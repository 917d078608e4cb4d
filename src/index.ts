#!/usr/bin/env bun
// Entry point of `npm start`, of the compiled executable and of the package's `linkcard` command:
//   linkcard                          serve the product
//   linkcard grant-admin [--revoke] <email>
//   linkcard confirm-email <email>      confirm an address without the mailed link
//   linkcard backup [file]            copy the SQLite database (VACUUM INTO)
//   linkcard links|stats|qr|whoami|config|completion|help …   user commands (src/cli): any
//                                     Linkcard over its public API, with neither config nor database here
import { existsSync } from 'node:fs'

const args = process.argv.slice(2)
const operatorCommands: Record<string, () => Promise<{ run: (args: string[]) => Promise<string> }>> = {
  'grant-admin': () => import('../scripts/grant-admin'),
  'confirm-email': () => import('../scripts/confirm-email'),
  backup: () => import('../scripts/backup'),
}
const isUserCommand = args.length > 0 && !Object.hasOwn(operatorCommands, args[0]!)
// What Linkcard writes (the database, secrets, outgoing mail, backups) is readable by its user alone;
// a user command's files (a QR code) are the user's, under their own umask.
if (!isUserCommand) process.umask(0o077)

async function loadConfigOrExit({ needsDatabase = false } = {}) {
  try {
    const { config, prepareDataDir } = await import('./platform/config')
    // A command pointed at the wrong DATA_DIR must say so, not start a new, empty installation there.
    if (needsDatabase && config.database.dialect === 'sqlite' && !existsSync(config.database.path)) {
      console.error(`No Linkcard database at ${config.database.path}. Point DATA_DIR (or DATABASE_URL) at the installation's, or start Linkcard once to create one.`)
      process.exit(1)
    }
    prepareDataDir(config)
    return config
  } catch (error) {
    const { ConfigError } = await import('./platform/config').catch(() => ({ ConfigError: undefined }))
    if (ConfigError && error instanceof ConfigError) {
      console.error(`Linkcard cannot start: ${error.message}`)
      process.exit(1)
    }
    throw error
  }
}

async function serve() {
  const config = await loadConfigOrExit()
  const { log } = await import('./platform/log')
  const { startLinkcard } = await import('./runtime')
  const lifecycle = await startLinkcard()
  const { app, handleRequest } = await import('./app')
  const { largestBody } = await import('./platform/http')
  const { VERSION } = await import('./platform/version')
  // Bun.serve itself rather than app.listen(): every request reaches handleRequest, which answers
  // short links before Elysia routes anything. Elysia reads the server (client addresses) from app.server.
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    maxRequestBodySize: largestBody(),
    idleTimeout: 30,
    // Bun's development mode would answer thrown errors with stack traces; errors are Elysia's to answer.
    development: false,
    fetch: handleRequest,
  })
  // The last guards: no single request's failure, even one that escapes its handler, ends the process.
  process.on('unhandledRejection', (error) => log.error('unhandled rejection', { error }))
  process.on('uncaughtException', (error) => log.error('uncaught exception', { error }))
  app.server = server
  const port = server.port
  log.info('listening', { version: VERSION, port, url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`, publicUrl: config.publicUrl, database: config.database.dialect })

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info('stopping', { signal })
    await server.stop()
    await lifecycle.stop((name, error) => log.error('shutdown task failed', { task: name, error }))
    log.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

async function runCommand(name: string, rest: string[]) {
  const load = operatorCommands[name]!
  await loadConfigOrExit({ needsDatabase: true })
  const { startDatabase } = await import('./runtime')
  const { AppError } = await import('./platform/errors')
  try {
    const lifecycle = await startDatabase()
    console.log(await (await load()).run(rest))
    await lifecycle.stop((task, error) => console.error(`Stopping ${task} failed:`, error))
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

if (args.length === 0) await serve()
else if (isUserCommand) process.exitCode = await (await import('./cli')).runCli(args, process.env)
else await runCommand(args[0]!, args.slice(1))
