import { Button } from '../../components/ui/button'
import { CopyButton } from '../../components/ui/copy-button'
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog'

/** A dialog's content showing the recovery codes, once, with a way to copy them all. */
export function RecoveryCodesView({ codes, description, onDone }: { codes: string[]; description: string; onDone: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Save your recovery codes</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <ol className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <DialogFooter>
        <CopyButton value={codes.join('\n')} label="Copy Codes" copiedLabel="Copied" size="md" />
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  )
}
