import { BarChart3 } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'

/** The dashboard's chart area (SPEC.md section 2 keeps it a placeholder). */
export function ActivityChart() {
  return (
    <Card className="flex flex-col" data-testid="activity-chart">
      <CardHeader>
        <CardTitle>Activity</CardTitle>
        <CardDescription>Clicks and previews over time.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1">
        <div className="flex min-h-48 flex-1 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 text-sm text-slate-500">
          <BarChart3 className="size-6 text-slate-400" aria-hidden="true" />
          Chart visualization coming soon
        </div>
      </CardContent>
    </Card>
  )
}
