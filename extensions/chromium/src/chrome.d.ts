// The few extension APIs the popup and the options page call, typed as Chromium documents them
// (promise forms, Manifest V3).
declare namespace chrome {
  namespace storage {
    const local: {
      get(keys: string | string[]): Promise<Record<string, unknown>>
      set(items: Record<string, unknown>): Promise<void>
      remove(keys: string | string[]): Promise<void>
    }
  }
  namespace tabs {
    type Tab = { id?: number; url?: string; title?: string; windowId: number; active: boolean }
    function get(tabId: number): Promise<Tab>
    function query(query: { active?: boolean; currentWindow?: boolean; lastFocusedWindow?: boolean; windowType?: 'normal' | 'popup' }): Promise<Tab[]>
  }
  namespace scripting {
    type InjectionResult<T> = { frameId: number; result?: T }
    function executeScript<T>(injection: { target: { tabId: number }; func: () => T }): Promise<InjectionResult<Awaited<T>>[]>
  }
  namespace runtime {
    function openOptionsPage(): Promise<void>
  }
}
