import { useState, type FormEvent, type ReactNode } from 'react'
import type { ContactInput } from '../../src/modules/contact/schema'
import { CONTACT_MESSAGE_MAX } from '../../src/shared/contact'
import { api } from '../lib/api'
import { SUPPORT_EMAIL } from '../lib/site'
import { toast } from '../lib/toast'
import { EmailField } from './form-fields'
import { Button } from './ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from './ui/dialog'
import { FormField } from './ui/form-field'
import { Textarea } from './ui/input'

/** POST /contact; any non-ok answer throws (the body is not read). */
async function sendContactMessage(input: ContactInput) {
  await api.post('/contact', input)
}

type ContactDialogProps = {
  /** The element that opens it: the footer's Contact Us, a plan's Contact Sales. */
  trigger: ReactNode
  title?: string
  description?: string
  /** Prefills Your Email, e.g. with the signed-in user's address. */
  defaultEmail?: string
}

/** 'Contact Us': closes and clears on success; stays open on failure. */
export function ContactDialog({
  trigger,
  title = 'Contact Us',
  description = "Questions, plans for a bigger team, or feedback: send us a note and we'll answer by email.",
  defaultEmail = '',
}: ContactDialogProps) {
  const [open, setOpen] = useState(false)
  const [email, setEmail] = useState(defaultEmail)
  const [message, setMessage] = useState('')
  const [isSending, setIsSending] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setIsSending(true)
    try {
      await sendContactMessage({ email, message })
      setOpen(false)
      setEmail(defaultEmail)
      setMessage('')
      toast({ title: 'Message sent!', description: "We'll get back to you as soon as possible." })
    } catch {
      toast({ title: 'Failed to send message', description: `Please try again or email us directly at ${SUPPORT_EMAIL}`, variant: 'destructive' })
    } finally {
      setIsSending(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !isSending && setOpen(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <EmailField label="Your Email" value={email} onValueChange={setEmail} />
          <FormField label="Message">
            <Textarea
              name="message"
              required
              rows={5}
              maxLength={CONTACT_MESSAGE_MAX}
              placeholder="How can we help?"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </FormField>
          <DialogFooter className="pt-1">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={isSending}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSending}>
              {isSending ? 'Sending...' : 'Send Message'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
