import {
  BarChart3, Bot, Calendar, CheckCircle, Clock, Cpu, DollarSign, Gauge, Globe, Heart, Layers, LayoutTemplate, Lock,
  Mail, MessageSquare, Palette, Repeat, Rocket, Search, Settings, Shield, Smartphone, Sparkles, Target, TrendingUp,
  Users, Workflow, Zap, type LucideProps,
} from 'lucide-react'
import type { IconName } from '../content/schemas'

// Content names icons by these keys (checked by the schema), so only these are bundled.
const icons = {
  bot: Bot, layout: LayoutTemplate, smartphone: Smartphone, 'trending-up': TrendingUp, workflow: Workflow, zap: Zap,
  target: Target, shield: Shield, clock: Clock, 'bar-chart': BarChart3, users: Users, sparkles: Sparkles, rocket: Rocket,
  search: Search, 'message-square': MessageSquare, settings: Settings, heart: Heart, 'check-circle': CheckCircle,
  'dollar-sign': DollarSign, globe: Globe, calendar: Calendar, mail: Mail, layers: Layers, cpu: Cpu, palette: Palette,
  gauge: Gauge, repeat: Repeat, lock: Lock,
} satisfies Record<IconName, React.ComponentType<LucideProps>>

export function Icon({ name, ...props }: LucideProps & { name: IconName }) {
  const Component = icons[name]
  return <Component aria-hidden="true" {...props} />
}
