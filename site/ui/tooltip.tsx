import { Tooltip as TooltipPrimitive } from 'radix-ui'
import { cn } from './cn'

// Thin styled wrappers over Radix Tooltip; its defaults are SPEC §9's 700 ms open and 300 ms skip delays.

export const TooltipProvider = TooltipPrimitive.Provider

type TooltipProps = { label: string; children: React.ReactElement } & Omit<React.ComponentProps<typeof TooltipPrimitive.Content>, 'children'>

/** Wraps one focusable element and shows `label` beside it on hover and keyboard focus. */
export function Tooltip({ label, children, className, sideOffset = 6, ...props }: TooltipProps) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={sideOffset}
          className={cn('z-[60] rounded-md bg-slate-900 px-3 py-1.5 text-xs font-medium text-white shadow-md', className)}
          {...props}
        >
          {label}
          <TooltipPrimitive.Arrow className="fill-slate-900" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  )
}
