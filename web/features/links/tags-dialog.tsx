import { Plus, Tags as TagsIcon, Trash2 } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { DEFAULT_TAG_COLOR, TAG_COLORS, TAG_NAME_MAX, tagNameError, type TagColor } from '../../../src/shared/tags'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog'
import { Input } from '../../components/ui/input'
import { ActionMenu, MenuItem } from '../../components/ui/menu'
import { Spinner } from '../../components/ui/spinner'
import { cn } from '../../lib/cn'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { createTag, deleteTag, updateTag, useTags, type Tag } from './api'
import { TAG_COLOR_CLASSES } from './tag-chip'

const count = (links: number) => `${links} ${links === 1 ? 'link' : 'links'}`

/** A button that opens a colour menu: the palette, each colour named. */
function ColorPicker({ color, label, onChange }: { color: TagColor; label: string; onChange: (color: TagColor) => void }) {
  return (
    <ActionMenu
      trigger={
        <Button variant="outline" size="icon" className="size-9 shrink-0" aria-label={label}>
          <span className={cn('size-4 rounded-full', TAG_COLOR_CLASSES[color].swatch)} />
        </Button>
      }
    >
      {TAG_COLORS.map((option) => (
        <MenuItem key={option} onSelect={() => onChange(option)}>
          <span className={cn('size-3.5 rounded-full', TAG_COLOR_CLASSES[option].swatch)} aria-hidden="true" />
          <span className="capitalize">{option}</span>
          {option === color && <span className="sr-only">(chosen)</span>}
        </MenuItem>
      ))}
    </ActionMenu>
  )
}

/** One tag: its colour, its name (saved on Enter or on leaving the field) and its links, with delete. */
function TagRow({ tag, onDelete }: { tag: Tag; onDelete: (tag: Tag) => void }) {
  const [name, setName] = useState(tag.name)
  const [problem, setProblem] = useState<string>()
  // The name as saved, once the list has it back (also when it was renamed elsewhere).
  useEffect(() => setName(tag.name), [tag.name])
  async function save(changes: { name?: string; color?: TagColor }) {
    try {
      await updateTag(tag.id, changes)
      setProblem(undefined)
    } catch (failure) {
      setProblem(errorMessage(failure, 'The tag could not be changed.'))
    }
  }
  function rename() {
    const trimmed = name.trim()
    if (trimmed === tag.name) return setProblem(undefined)
    const error = tagNameError(trimmed)
    if (error) return setProblem(error)
    void save({ name: trimmed })
  }
  return (
    <li className="grid gap-1" data-testid="tag-row">
      <div className="flex items-center gap-2">
        <ColorPicker color={tag.color} label={`Colour of ${tag.name}`} onChange={(color) => void save({ color })} />
        <Input
          aria-label={`Name of ${tag.name}`}
          value={name}
          maxLength={TAG_NAME_MAX}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setName(event.target.value)}
          onBlur={rename}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              rename()
            }
          }}
        />
        <span className="w-16 shrink-0 text-right text-[13px] text-slate-500 tabular-nums">{count(tag.links)}</span>
        <Button variant="ghost" size="icon" className="size-9 shrink-0 text-red-600 hover:bg-red-50" aria-label={`Delete ${tag.name}`} onClick={() => onDelete(tag)}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {problem && (
        <p role="alert" className="pl-11 text-[13px] text-red-600">
          {problem}
        </p>
      )}
    </li>
  )
}

/** The account's tags on /share-links: add, rename, recolour and delete them. */
export function TagsDialog() {
  const [open, setOpen] = useState(false)
  const { data: tags, error, isLoading } = useTags()
  const [name, setName] = useState('')
  const [color, setColor] = useState<TagColor>(DEFAULT_TAG_COLOR)
  const [problem, setProblem] = useState<string>()
  const [isAdding, setIsAdding] = useState(false)
  const [removing, setRemoving] = useState<Tag | null>(null)

  async function add(event: FormEvent) {
    event.preventDefault()
    const trimmed = name.trim()
    const error = tagNameError(trimmed)
    if (error) return setProblem(error)
    setIsAdding(true)
    try {
      await createTag({ name: trimmed, color })
      setName('')
      setProblem(undefined)
    } catch (failure) {
      setProblem(errorMessage(failure, 'The tag could not be added.'))
    } finally {
      setIsAdding(false)
    }
  }

  async function remove() {
    if (!removing) return
    try {
      await deleteTag(removing.id)
      toast({ title: 'Tag deleted', description: removing.name })
    } catch (failure) {
      toast({ title: 'The tag could not be deleted', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
      throw failure
    }
  }

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <TagsIcon aria-hidden="true" />
        Tags
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent size="md">
          <DialogHeader>
            <DialogTitle>Tags</DialogTitle>
            <DialogDescription>Tag links in their form to filter the list by them. Renamed, a tag stays on its links; deleted, it comes off them.</DialogDescription>
          </DialogHeader>
          {isLoading && <Spinner className="justify-self-center text-slate-400" />}
          {error && !tags && <p className="text-sm text-red-600">{errorMessage(error, 'The tags could not be loaded.')}</p>}
          {tags && tags.length === 0 && <p className="text-sm text-slate-500">No tags yet. Add one below, or type one in a link's form.</p>}
          {tags && tags.length > 0 && (
            <ul className="grid max-h-[50dvh] gap-2 overflow-y-auto p-0.5">
              {tags.map((tag) => (
                <TagRow key={tag.id} tag={tag} onDelete={setRemoving} />
              ))}
            </ul>
          )}
          <form onSubmit={add} className="grid gap-1 border-t border-slate-100 pt-4" noValidate>
            <div className="flex items-center gap-2">
              <ColorPicker color={color} label="Colour of the new tag" onChange={setColor} />
              <Input
                aria-label="New tag"
                placeholder="New tag"
                value={name}
                maxLength={TAG_NAME_MAX}
                aria-invalid={problem ? true : undefined}
                onChange={(event) => {
                  setName(event.target.value)
                  setProblem(undefined)
                }}
              />
              <Button type="submit" isLoading={isAdding} className="shrink-0">
                {!isAdding && <Plus aria-hidden="true" />}
                Add
              </Button>
            </div>
            {problem && (
              <p role="alert" className="pl-11 text-[13px] text-red-600">
                {problem}
              </p>
            )}
          </form>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => !next && setRemoving(null)}
        title={`Delete “${removing?.name ?? ''}”?`}
        description={removing ? `It comes off its ${count(removing.links)}; the links stay as they are.` : ''}
        confirmLabel="Delete tag"
        destructive
        onConfirm={remove}
      />
    </>
  )
}
