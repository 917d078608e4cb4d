import { X } from 'lucide-react'
import { useId, useState, type KeyboardEvent } from 'react'
import { TAG_NAME_MAX, TAGS_PER_LINK_MAX, tagKey, tagNameError } from '../../../src/shared/tags'
import { useTags } from './api'
import { TagChip } from './tag-chip'

type TagsInputProps = { id?: string; value: string[]; onChange: (tags: string[]) => void; 'aria-describedby'?: string; 'aria-invalid'?: boolean }

/**
 * The link form's tags: typed names become chips on Enter or a comma, the account's tags are
 * offered as they are typed, Backspace in the empty field takes the last one off.
 */
export function TagsInput({ id, value, onChange, ...aria }: TagsInputProps) {
  const { data: tags } = useTags()
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState<string>()
  const listId = useId()
  const colorOf = (name: string) => tags?.find((tag) => tagKey(tag.name) === tagKey(name))?.color
  const has = (name: string) => value.some((tag) => tagKey(tag) === tagKey(name))

  function add(text: string) {
    const names = text.split(',').map((name) => name.trim()).filter(Boolean)
    let next = value
    for (const name of names) {
      const error = tagNameError(name)
      if (error) return setProblem(error)
      if (next.length >= TAGS_PER_LINK_MAX) return setProblem(`A link has at most ${TAGS_PER_LINK_MAX} tags.`)
      // The account's own spelling of a tag it has.
      const known = tags?.find((tag) => tagKey(tag.name) === tagKey(name))?.name ?? name
      if (!next.some((tag) => tagKey(tag) === tagKey(known))) next = [...next, known]
    }
    setProblem(undefined)
    setDraft('')
    if (next !== value) onChange(next)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key === 'Enter' || event.key === ',') && draft.trim()) {
      event.preventDefault()
      add(draft)
    } else if (event.key === 'Backspace' && !draft && value.length > 0) {
      onChange(value.slice(0, -1))
    }
  }

  return (
    <div className="grid gap-1.5">
      <div className="flex min-h-9 flex-wrap items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2 py-1.5 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/20">
        {value.map((name) => (
          <TagChip key={name} name={name} color={colorOf(name)}>
            <button
              type="button"
              aria-label={`Remove tag ${name}`}
              onClick={() => onChange(value.filter((tag) => tag !== name))}
              className="-mr-1 rounded-full p-0.5 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X className="size-3" aria-hidden="true" />
            </button>
          </TagChip>
        ))}
        <input
          id={id}
          {...aria}
          list={listId}
          value={draft}
          maxLength={TAG_NAME_MAX * 3}
          onChange={(event) => {
            setDraft(event.target.value)
            setProblem(undefined)
          }}
          onKeyDown={onKeyDown}
          // A name typed and left is kept, as if Enter had been pressed.
          onBlur={() => draft.trim() && add(draft)}
          placeholder={value.length === 0 ? 'Add tags: type a name, then Enter' : ''}
          className="min-w-32 flex-1 border-0 bg-transparent py-0.5 text-sm outline-none placeholder:text-slate-400"
        />
        <datalist id={listId}>
          {tags
            ?.filter((tag) => !has(tag.name))
            .map((tag) => (
              <option key={tag.id} value={tag.name} />
            ))}
        </datalist>
      </div>
      {problem && (
        <p role="alert" className="text-[13px] text-red-600">
          {problem}
        </p>
      )}
    </div>
  )
}
