import { CircleAlert, Download, FileUp, History, PowerOff, Upload } from 'lucide-react'
import { useEffect, useRef, useState, type DragEvent } from 'react'
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_BYTES,
  IMPORT_PROBLEMS_SHOWN,
  IMPORT_SOURCE_LABELS,
  jsonRecords,
  notALinkFile,
  type ImportField,
  type ImportMapping,
} from '../../../src/shared/imports'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog'
import { Label } from '../../components/ui/label'
import { Progress } from '../../components/ui/progress'
import { Select } from '../../components/ui/select'
import { Spinner } from '../../components/ui/spinner'
import { errorMessage } from '../../lib/api'
import { cn } from '../../lib/cn'
import { formatDateTime } from '../../lib/dates'
import { toast } from '../../lib/toast'
import { downloadImportReport, isUnderWay, previewImport, showImportedLinks, startImport, useImportResult, useImports, type Import, type ImportPreview } from './api'

const NOT_IMPORTED = '\u0000none'
const number = (n: number) => n.toLocaleString('en')

/** A file read and previewed: its text, the sample the server saw, and the server's reading of it. */
type Chosen = { name: string; text: string; sample: string; rows: number; preview: ImportPreview }

const isJson = (text: string) => /^\s*[[{]/.test(text)

/** What the server previews: a CSV's first lines, or a JSON export's first links (a cut JSON file would not parse), within its limit. */
function sampleOf(text: string): { sample: string; rows: number } {
  if (isJson(text)) {
    let records: Record<string, unknown>[] | undefined
    try {
      records = jsonRecords(JSON.parse(text))
    } catch {}
    if (!records) throw new Error(IMPORT_MESSAGES.unreadable)
    let count = 20
    let sample = JSON.stringify(records.slice(0, count))
    while (sample.length > IMPORT_PREVIEW_BYTES && count > 1) sample = JSON.stringify(records.slice(0, (count = Math.floor(count / 2))))
    return { sample, rows: records.length }
  }
  const lines = text.split(/\r?\n/).filter((line) => line.trim()).length
  return { sample: text.slice(0, IMPORT_PREVIEW_BYTES), rows: Math.max(0, lines - 1) }
}

/** Choosing the file: a drop zone that is also the file input's label, so it works by keyboard too. */
function FilePicker({ onFile, isReading }: { onFile: (file: File) => void; isReading: boolean }) {
  const [isOver, setIsOver] = useState(false)
  const drop = (event: DragEvent) => {
    event.preventDefault()
    setIsOver(false)
    const file = event.dataTransfer.files[0]
    if (file) onFile(file)
  }
  return (
    <label
      htmlFor="import-file"
      onDragOver={(event) => {
        event.preventDefault()
        setIsOver(true)
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={drop}
      className={cn(
        'grid cursor-pointer justify-items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors focus-within:border-brand-500 focus-within:ring-3 focus-within:ring-brand-500/20',
        isOver ? 'border-brand-500 bg-brand-50' : 'border-slate-300 hover:border-slate-400',
      )}
    >
      {isReading ? <Spinner className="text-slate-400" /> : <FileUp className="size-7 text-slate-400" aria-hidden="true" />}
      <span className="font-medium text-slate-900">{isReading ? 'Reading the file…' : 'Choose a CSV or JSON file, or drop it here'}</span>
      <span className="text-[13px] text-slate-500">
        Bitly, Shlink, Kutt and YOURLS exports are recognised; any CSV works with its columns chosen. Up to {number(100_000)} rows.
      </span>
      <input
        id="import-file"
        type="file"
        accept=".csv,.tsv,.txt,.json,text/csv,application/json"
        className="sr-only"
        disabled={isReading}
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) onFile(file)
          event.target.value = ''
        }}
      />
    </label>
  )
}

/** A row's life at the old service, as the preview shows it. */
function historyText({ createdAt, clicks }: { createdAt: string | null; clicks: number | null }) {
  const made = createdAt ? `Made ${createdAt.slice(0, 10)}` : undefined
  const counted = clicks === null ? undefined : `${number(clicks)} ${clicks === 1 ? 'click' : 'clicks'} there`
  return [made, counted].filter(Boolean).join(' · ')
}

/** How many of the rows previewed lose their short code: the first thing to see before importing. */
function TakenCount({ taken, shown, isWholeFile }: { taken: number; shown: number; isWholeFile: boolean }) {
  const rows = isWholeFile ? `${number(taken)} ${taken === 1 ? 'row has' : 'rows have'}` : `${number(taken)} of the first ${number(shown)} rows ${taken === 1 ? 'has' : 'have'}`
  return (
    <Alert variant="warning" className="py-2.5" title={`${rows} a short code that is taken`}>
      Flagged below: {taken === 1 ? 'it gets' : 'they get'} a random code instead. When the import ends, it lists every such row.
    </Alert>
  )
}

/** Which column fills each field, and the first rows as they would be imported. */
function MappingStep({ chosen, onMapping, isUpdating }: { chosen: Chosen; onMapping: (mapping: ImportMapping) => void; isUpdating: boolean }) {
  const { preview } = chosen
  const options = [{ value: NOT_IMPORTED, label: 'Not imported' }, ...preview.columns.map((column) => ({ value: column, label: column }))]
  const setColumn = (field: ImportField, column: string) => {
    const mapping = { ...preview.mapping }
    if (column === NOT_IMPORTED) delete mapping[field]
    else mapping[field] = column
    onMapping(mapping)
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">
        <span className="font-medium text-slate-900">{chosen.name}</span>: {IMPORT_SOURCE_LABELS[preview.source]}, about {number(chosen.rows)}{' '}
        {chosen.rows === 1 ? 'row' : 'rows'}.
      </p>
      {preview.aliasesTaken > 0 && <TakenCount taken={preview.aliasesTaken} shown={preview.rows.length} isWholeFile={preview.rows.length >= chosen.rows} />}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-slate-900">Columns</legend>
        <p className="-mt-1 text-[13px] text-slate-500 sm:col-span-2">
          The creation date and clicks from the old service are kept as each link's history. Archived, expired and password-protected links come in
          switched off.
        </p>
        {IMPORT_FIELDS.map((field) => (
          <div key={field} className="grid gap-1">
            <Label htmlFor={`import-${field}`}>{IMPORT_FIELD_LABELS[field]}</Label>
            <Select
              id={`import-${field}`}
              value={preview.mapping[field] ?? NOT_IMPORTED}
              onValueChange={(column) => setColumn(field, column)}
              options={options}
              disabled={isUpdating}
              aria-invalid={field === 'targetUrl' && !preview.mapping.targetUrl ? true : undefined}
            />
          </div>
        ))}
      </fieldset>
      {!preview.mapping.targetUrl && (
        <p role="alert" className="text-[13px] text-red-600">
          {IMPORT_MESSAGES.noTarget}
        </p>
      )}
      <section aria-label="First rows" className="grid gap-2">
        <h3 className="flex items-center gap-2 text-sm font-medium text-slate-900">
          First rows {isUpdating && <Spinner className="size-3.5 text-slate-400" />}
        </h3>
        <ul className="grid max-h-64 gap-2 overflow-y-auto">
          {preview.rows.map((row) => (
            <li
              key={row.row}
              className={cn('grid gap-0.5 rounded-lg border px-3 py-2 text-[13px]', row.aliasTaken ? 'border-amber-300 bg-amber-50/40' : 'border-slate-200')}
              data-testid="import-row"
            >
              <div className="flex min-w-0 gap-2">
                <span className="shrink-0 text-slate-400 tabular-nums">Row {row.row}</span>
                <span className="truncate font-medium text-slate-900">{row.link.title}</span>
                {row.link.alias && <span className={cn('max-w-[40%] shrink-0 truncate', row.aliasTaken ? 'text-amber-700 line-through' : 'text-slate-500')}>/{row.link.alias}</span>}
                {row.aliasTaken && (
                  <Badge variant="warning" className="ml-auto shrink-0">
                    <CircleAlert className="size-3 sm:hidden" aria-hidden="true" />
                    <span className="max-sm:sr-only">Code taken</span>
                  </Badge>
                )}
              </div>
              <span className="truncate text-slate-500">{row.link.targetUrl || '(no target)'}</span>
              {(row.history || !row.isActive) && (
                <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-slate-500">
                  {row.history && (
                    <span className="inline-flex items-center gap-1">
                      <History className="size-3.5 shrink-0" aria-hidden="true" />
                      {historyText(row.history)}
                    </span>
                  )}
                  {!row.isActive && (
                    <span className="inline-flex items-center gap-1 font-medium text-slate-600">
                      <PowerOff className="size-3.5 shrink-0" aria-hidden="true" />
                      Switched off
                    </span>
                  )}
                </span>
              )}
              {row.problem && preview.mapping.targetUrl && (
                <span className="flex items-start gap-1 text-red-600">
                  <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                  {row.problem}
                </span>
              )}
              {row.notes.map((note) => (
                <span key={note} className="text-amber-700">
                  {note}
                </span>
              ))}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

const STATUS_TEXT: Record<Import['status'], string> = {
  queued: 'Waiting to start…',
  running: 'Importing…',
  paused: 'Paused',
  done: 'Import finished',
  failed: 'Import stopped',
}

/** The rows a finished import could not make, or made at another address, and why: the first of them, with all of them as CSV. */
function ProblemRows({ job, onDownload }: { job: Import; onDownload: () => void }) {
  const { data } = useImportResult(job)
  if (!data || data.problems.rows.length === 0) return null
  const { total, rows } = data.problems
  return (
    <section aria-labelledby="import-problems-title" className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h3 id="import-problems-title" className="text-sm font-medium text-slate-900">
          Rows failed or changed ({number(total)})
        </h3>
        <Button variant="link" size="sm" onClick={onDownload}>
          <Download aria-hidden="true" />
          Download as CSV
        </Button>
      </div>
      <ul
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list takes focus so the keyboard can scroll it
        tabIndex={0}
        aria-labelledby="import-problems-title"
        className="grid max-h-64 gap-1.5 overflow-y-auto rounded-lg focus-visible:ring-3 focus-visible:ring-brand-500/30 focus-visible:outline-none"
        data-testid="import-problems"
      >
        {rows.map((row) => (
          <li
            key={row.row}
            className={cn('grid gap-0.5 rounded-lg border px-3 py-2 text-[13px]', row.outcome === 'failed' ? 'border-red-200 bg-red-50/50' : 'border-amber-200 bg-amber-50/40')}
            data-testid="import-problem"
          >
            <div className="flex min-w-0 items-center gap-2">
              <span className="shrink-0 text-slate-500 tabular-nums">Row {row.row}</span>
              {row.alias && <span className="max-w-[40%] shrink-0 truncate font-medium text-slate-900">/{row.alias}</span>}
              <span className="truncate text-slate-700">{row.targetUrl || '(no target)'}</span>
              <Badge variant={row.outcome === 'failed' ? 'destructive' : 'warning'} className="ml-auto shrink-0">
                {row.outcome === 'failed' ? 'Not imported' : 'Changed'}
              </Badge>
            </div>
            <span className={cn('flex items-start gap-1', row.outcome === 'failed' ? 'text-red-700' : 'text-amber-800')}>
              <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              {row.reason}
            </span>
            {row.shortUrl && <span className="truncate text-slate-500">Made as {row.shortUrl}</span>}
          </li>
        ))}
      </ul>
      {total > rows.length && (
        <p className="text-[13px] text-slate-500">
          And {number(total - rows.length)} more: the CSV lists every one of them (the first {number(IMPORT_PROBLEMS_SHOWN)} are shown here).
        </p>
      )}
    </section>
  )
}

/** An import's progress, then its outcome, the rows that failed or were changed, and its report. */
function ProgressStep({ job, onProblem }: { job: Import; onProblem: (message: string) => void }) {
  const percent = job.total ? Math.round((job.done / job.total) * 100) : 0
  return (
    <div className="grid gap-3" aria-live="polite">
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-medium text-slate-900">{STATUS_TEXT[job.status]}</p>
        <p className="text-sm text-slate-500 tabular-nums">{percent}%</p>
      </div>
      <Progress value={percent} color={job.status === 'failed' ? 'danger' : job.status === 'done' ? 'success' : 'brand'} aria-label={`Import of ${job.fileName}`} />
      <p className="text-sm text-slate-600 tabular-nums">
        {number(job.done)} of {number(job.total)} rows · {number(job.created)} created{job.changed > 0 && ` (${number(job.changed)} changed)`} · {number(job.failed)} failed
      </p>
      {job.message && <p className={cn('text-sm', job.status === 'failed' ? 'text-red-600' : 'text-amber-700')}>{job.message}</p>}
      {job.status === 'paused' && job.resumeAt && <p className="text-[13px] text-slate-500">Carries on at {formatDateTime(job.resumeAt)}.</p>}
      {isUnderWay(job) && <p className="text-[13px] text-slate-500">You can close this; the import goes on, and shows here when you come back.</p>}
      {!isUnderWay(job) && <ProblemRows job={job} onDownload={() => downloadImportReport(job, 'problems').catch((failure) => onProblem(errorMessage(failure, 'The list could not be downloaded.')))} />}
    </div>
  )
}

/** Import on /share-links: a file from another shortener or any CSV, mapped, previewed, then imported in the background. */
export function ImportDialog() {
  const [open, setOpen] = useState(false)
  const [chosen, setChosen] = useState<Chosen>()
  const [isReading, setIsReading] = useState(false)
  const [isUpdating, setIsUpdating] = useState(false)
  const [isStarting, setIsStarting] = useState(false)
  const [problem, setProblem] = useState<string>()
  const [watching, setWatching] = useState<string>()
  const { data: imports } = useImports(open && watching !== undefined)
  const job = imports?.find((item) => item.id === watching)
  const underWay = imports?.find(isUnderWay)
  const shownFinished = useRef<string>(undefined)

  // An import under way (started here earlier, or elsewhere) is followed when the dialog opens.
  useEffect(() => {
    if (!watching && !chosen && underWay) setWatching(underWay.id)
  }, [underWay, watching, chosen])
  // Once the import followed finishes, the link list shows its links.
  useEffect(() => {
    if (!job || isUnderWay(job) || shownFinished.current === job.id) return
    shownFinished.current = job.id
    void showImportedLinks()
  }, [job])

  async function read(file: File) {
    setProblem(undefined)
    if (file.size > IMPORT_FILE_MAX_BYTES) return setProblem(IMPORT_MESSAGES.tooLarge)
    setIsReading(true)
    try {
      const text = await file.text()
      // An SQL dump, a spreadsheet or a web page: said at once, with what to export instead.
      const refusal = notALinkFile(text.slice(0, 4096))
      if (refusal) return setProblem(refusal)
      const { sample, rows } = sampleOf(text)
      setChosen({ name: file.name, text, sample, rows, preview: await previewImport(sample) })
    } catch (failure) {
      setProblem(errorMessage(failure, IMPORT_MESSAGES.unreadable))
    } finally {
      setIsReading(false)
    }
  }

  async function remap(mapping: ImportMapping) {
    if (!chosen) return
    setIsUpdating(true)
    try {
      setChosen({ ...chosen, preview: await previewImport(chosen.sample, mapping) })
    } catch (failure) {
      toast({ title: 'The preview could not be updated', description: errorMessage(failure, ''), variant: 'destructive' })
    } finally {
      setIsUpdating(false)
    }
  }

  async function begin() {
    if (!chosen) return
    setIsStarting(true)
    setProblem(undefined)
    try {
      const started = await startImport({ file: chosen.text, source: chosen.preview.source, fileName: chosen.name, mapping: chosen.preview.mapping })
      setWatching(started.id)
      setChosen(undefined)
    } catch (failure) {
      setProblem(errorMessage(failure, 'The import could not start.'))
    } finally {
      setIsStarting(false)
    }
  }

  function another() {
    setWatching(undefined)
    setChosen(undefined)
    setProblem(undefined)
  }

  const showsJob = job !== undefined && !chosen
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        Import
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent size="lg">
          <DialogHeader>
            <DialogTitle>Import links</DialogTitle>
            <DialogDescription>Short codes are kept as aliases where they are free; a report lists what became of every row.</DialogDescription>
          </DialogHeader>
          {showsJob ? <ProgressStep job={job} onProblem={setProblem} /> : chosen ? <MappingStep chosen={chosen} onMapping={remap} isUpdating={isUpdating} /> : <FilePicker onFile={read} isReading={isReading} />}
          {problem && (
            <p role="alert" className="text-sm text-red-600">
              {problem}
            </p>
          )}
          <DialogFooter>
            {showsJob && !isUnderWay(job) && (
              <>
                <Button variant="outline" onClick={another}>
                  Import another file
                </Button>
                <Button onClick={() => downloadImportReport(job).catch((failure) => setProblem(errorMessage(failure, 'The report could not be downloaded.')))}>Download report</Button>
              </>
            )}
            {showsJob && isUnderWay(job) && (
              <Button variant="outline" onClick={() => setOpen(false)}>
                Close
              </Button>
            )}
            {chosen && (
              <>
                <Button variant="outline" onClick={another}>
                  Choose another file
                </Button>
                <Button onClick={begin} isLoading={isStarting} disabled={!chosen.preview.mapping.targetUrl || isUpdating}>
                  Import {number(chosen.rows)} {chosen.rows === 1 ? 'row' : 'rows'}
                </Button>
              </>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}
