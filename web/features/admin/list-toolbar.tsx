import { Search } from 'lucide-react'
import { Input } from '../../components/ui/input'
import { Select, type SelectOption } from '../../components/ui/select'

type ListToolbarProps<T extends string> = {
  search: string
  onSearchChange: (value: string) => void
  searchPlaceholder: string
  sort: T
  onSortChange: (value: T) => void
  sortOptions: readonly SelectOption<T>[]
}

/** Search box and sort choice above an admin list. */
export function ListToolbar<T extends string>({ search, onSearchChange, searchPlaceholder, sort, onSortChange, sortOptions }: ListToolbarProps<T>) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder={searchPlaceholder}
          aria-label={searchPlaceholder.replace(/\.+$/, '')}
          className="pl-9"
        />
      </div>
      <Select value={sort} onValueChange={onSortChange} options={sortOptions} aria-label="Sort by" className="sm:w-48" />
    </div>
  )
}
