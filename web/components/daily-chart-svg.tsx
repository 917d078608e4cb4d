// The chart itself, in its own chunk: recharts is large and only signed-in screens draw charts.
import { Area, AreaChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import type { DailyChartProps } from './daily-chart'

/** A UTC day as a short local-language date ("Mar 5"); the days are UTC, so they are shown in UTC. */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })

const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })

export default function DailyChartSvg<K extends string>({ data, series }: DailyChartProps<K>) {
  return (
    <AreaChart responsive data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} style={{ width: '100%', height: '100%' }}>
      <CartesianGrid vertical={false} stroke="#e2e8f0" />
      <XAxis dataKey="day" tickFormatter={shortDay} tickLine={false} axisLine={false} minTickGap={24} tick={{ fontSize: 12, fill: '#64748b' }} />
      <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} tick={{ fontSize: 12, fill: '#64748b' }} />
      <Tooltip labelFormatter={(day) => longDay(String(day))} contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 13 }} />
      <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 13 }} />
      {series.map((line) => (
        <Area
          key={line.key}
          type="monotone"
          dataKey={line.key}
          name={line.label}
          stroke={line.color}
          fill={line.color}
          fillOpacity={0.12}
          strokeWidth={2}
          isAnimationActive={false}
        />
      ))}
    </AreaChart>
  )
}
