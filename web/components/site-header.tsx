import { Check, ChevronDown, CreditCard, History, LogOut, Menu, Settings, Users, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import type { AccountMembership } from '../../src/modules/auth/schema'
import { PLAN_INFO } from '../../src/shared/plans'
import { cn } from '../lib/cn'
import { aRole, can, ROLE_LABELS } from '../../src/shared/members'
import { errorMessage } from '../lib/api'
import { logOut, switchAccount, useAccounts, useCurrentUser, useIsAuthenticated, useIsSuperAdmin } from '../lib/session'
import { toast } from '../lib/toast'
import { Button } from './ui/button'
import { ActionMenu, MenuItem, MenuSeparator } from './ui/menu'
import { Logo } from './logo'

type NavItem = { label: string; href: string; /** Served by the server, not the router. */ external?: boolean }

/** The site's pages for visitors; the app's own screens once signed in. */
function useNavItems(): NavItem[] {
  const signedIn = useIsAuthenticated()
  const user = useCurrentUser()
  const { isSuperAdmin } = useIsSuperAdmin()
  if (!signedIn)
    return [
      { label: 'Home', href: '/' },
      { label: 'Pricing', href: '/pricing' },
      { label: 'Docs', href: '/docs' },
      { label: 'Blog', href: '/blog/', external: true },
    ]
  // Screens the person's role has no use for are left out (the server refuses their calls anyway).
  const may = (permission: Parameters<typeof can>[1]) => user !== null && can(user.role, permission)
  return [
    { label: 'Dashboard', href: '/dashboard' },
    { label: 'Analytics', href: '/analytics' },
    { label: 'Links', href: '/share-links' },
    ...(may('integrations:manage')
      ? [
          { label: 'API Keys', href: '/api-keys' },
          { label: 'Webhooks', href: '/webhooks' },
        ]
      : []),
    { label: 'Members', href: '/members' },
    ...(may('billing:manage') ? [{ label: 'Billing', href: '/billing' }] : []),
    ...(user && may('domains:manage') && PLAN_INFO[user.plan]?.hasCustomDomain ? [{ label: 'Domains', href: '/domains' }] : []),
    { label: 'Docs', href: '/docs' },
    ...(isSuperAdmin ? [{ label: 'Admin', href: '/admin' }] : []),
  ]
}

function NavLink({ item, className, onNavigate }: { item: NavItem; className: string; onNavigate?: () => void }) {
  const [location] = useLocation()
  const isActive = !item.external && (item.href === '/' ? location === '/' : location === item.href || location.startsWith(`${item.href}/`))
  const classes = cn(className, isActive ? 'bg-slate-100 text-slate-900' : 'text-slate-600 hover:text-slate-900')
  if (item.external)
    return (
      <a href={item.href} className={classes}>
        {item.label}
      </a>
    )
  return (
    <Link href={item.href} className={classes} aria-current={isActive ? 'page' : undefined} onClick={onNavigate}>
      {item.label}
    </Link>
  )
}

/** Moves to another of the person's accounts: its own links, keys and members from then on. */
function useSwitchAccount() {
  const [, navigate] = useLocation()
  const accounts = useAccounts(useCurrentUser())
  return {
    others: accounts.data && accounts.data.length > 1 ? accounts.data : [],
    async switchTo(account: AccountMembership) {
      if (account.isCurrent) return
      try {
        await switchAccount(account.accountId)
        navigate('/dashboard')
        toast({ title: `Now in ${account.accountName}`, description: `You work here as ${aRole(account.role)}.` })
      } catch (failure) {
        toast({ title: 'Failed to switch accounts', description: errorMessage(failure, '') || undefined, variant: 'destructive' })
      }
    },
  }
}

const MENU_ID = 'site-menu'
/** The signed-in person's menu, on their e-mail: their accounts, settings, billing, sign out. */
function AccountMenu({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  const [, navigate] = useLocation()
  const user = useCurrentUser()
  const { others, switchTo } = useSwitchAccount()
  return (
    <ActionMenu
      label={`Signed in as ${email}`}
      trigger={
        <Button variant="ghost" size="sm" className="h-auto max-w-64 gap-1.5 py-1 font-normal text-slate-700" aria-label={`Account menu for ${email}`}>
          {/* With more than one account, which one this is. */}
          <span className="grid min-w-0 text-left leading-tight">
            <span className="truncate">{email}</span>
            {others.length > 0 && user && <span className="truncate text-xs text-slate-500">{user.accountName}</span>}
          </span>
          <ChevronDown aria-hidden="true" className="text-slate-500" />
        </Button>
      }
    >
      {others.length > 0 && (
        <>
          {others.map((account) => (
            <MenuItem key={account.accountId} onSelect={() => void switchTo(account)}>
              {account.isCurrent ? <Check aria-hidden="true" /> : <span aria-hidden="true" className="size-4" />}
              <span className="truncate">{account.accountName}</span>
              <span className="ml-auto pl-3 text-xs text-slate-500">{ROLE_LABELS[account.role]}</span>
            </MenuItem>
          ))}
          <MenuSeparator />
        </>
      )}
      <MenuItem onSelect={() => navigate('/settings')}>
        <Settings aria-hidden="true" />
        Settings
      </MenuItem>
      <MenuItem onSelect={() => navigate('/members')}>
        <Users aria-hidden="true" />
        Members
      </MenuItem>
      {user && can(user.role, 'audit:read') && (
        <MenuItem onSelect={() => navigate('/audit-log')}>
          <History aria-hidden="true" />
          Audit Log
        </MenuItem>
      )}
      {user && can(user.role, 'billing:manage') && (
        <MenuItem onSelect={() => navigate('/billing')}>
          <CreditCard aria-hidden="true" />
          Billing
        </MenuItem>
      )}
      <MenuSeparator />
      <MenuItem onSelect={onSignOut}>
        <LogOut aria-hidden="true" />
        Sign Out
      </MenuItem>
    </ActionMenu>
  )
}

/** The phone menu's account switcher: one button per account, the current one pressed. */
function AccountChoices() {
  const { others, switchTo } = useSwitchAccount()
  if (others.length === 0) return null
  return (
    <fieldset className="grid gap-1">
      <legend className="sr-only">Accounts</legend>
      {others.map((account) => (
        <Button key={account.accountId} variant={account.isCurrent ? 'secondary' : 'ghost'} className="justify-between" aria-pressed={account.isCurrent} onClick={() => void switchTo(account)}>
          <span className="truncate">{account.accountName}</span>
          <span className="text-xs font-normal text-slate-500">{ROLE_LABELS[account.role]}</span>
        </Button>
      ))}
    </fieldset>
  )
}

/** The sticky top bar; below lg the links fold into a toggle menu. */
export function SiteHeader() {
  const items = useNavItems()
  const signedIn = useIsAuthenticated()
  const user = useCurrentUser()
  const [location, navigate] = useLocation()
  const [isMenuOpen, setIsMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  // Escape closes the phone menu, and the keyboard is back on its button.
  useEffect(() => {
    if (!isMenuOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      setIsMenuOpen(false)
      menuButton.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [isMenuOpen])

  // A route change closes the phone menu.
  useEffect(() => {
    setIsMenuOpen(false)
  }, [location])

  function handleSignOut() {
    // Leave a guarded screen first, so its guard does not send us to /login.
    navigate('/')
    void logOut()
    setIsMenuOpen(false)
  }

  const linkClass = 'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600'

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 lg:flex">
          {items.map((item) => (
            <NavLink key={item.href} item={item} className={linkClass} />
          ))}
        </nav>
        <div className="ml-auto hidden items-center gap-2 lg:flex">
          {signedIn ? (
            <AccountMenu email={user?.email ?? ''} onSignOut={handleSignOut} />
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link href="/login">Sign In</Link>
              </Button>
              <Button asChild size="sm">
                <Link href="/signup">Get Started</Link>
              </Button>
            </>
          )}
        </div>
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className="ml-auto lg:hidden"
          aria-expanded={isMenuOpen}
          aria-controls={MENU_ID}
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          {isMenuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </Button>
      </div>
      <div id={MENU_ID} hidden={!isMenuOpen} className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white lg:hidden">
        <nav aria-label="Main" className="mx-auto grid max-w-7xl gap-1 px-4 py-3 sm:px-6">
          {items.map((item) => (
            <NavLink key={item.href} item={item} className={cn(linkClass, 'text-base')} onNavigate={() => setIsMenuOpen(false)} />
          ))}
        </nav>
        <div className="mx-auto grid max-w-7xl gap-2 border-t border-slate-100 px-4 py-4 sm:px-6">
          {signedIn ? (
            <>
              <p className="truncate px-3 text-sm text-slate-500">Signed in as {user?.email}</p>
              <AccountChoices />
              <NavLink item={{ label: 'Settings', href: '/settings' }} className={cn(linkClass, 'text-base')} onNavigate={() => setIsMenuOpen(false)} />
              {user && can(user.role, 'audit:read') && (
                <NavLink item={{ label: 'Audit Log', href: '/audit-log' }} className={cn(linkClass, 'text-base')} onNavigate={() => setIsMenuOpen(false)} />
              )}
              <Button variant="outline" onClick={handleSignOut}>
                Sign Out
              </Button>
            </>
          ) : (
            <>
              <Button asChild variant="outline">
                <Link href="/login">Sign In</Link>
              </Button>
              <Button asChild>
                <Link href="/signup">Get Started</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  )
}
