import { cva, type VariantProps } from 'class-variance-authority'

/** Every button and button-like link of the site, as one table of variants. */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-strong focus-visible:outline-ring',
        accent: 'bg-accent text-accent-foreground shadow-sm hover:bg-accent-strong focus-visible:outline-accent',
        outline: 'border border-input bg-background text-foreground hover:bg-muted focus-visible:outline-ring',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-strong focus-visible:outline-destructive',
        outlineDestructive: 'border border-destructive-border bg-background text-destructive hover:bg-destructive-subtle focus-visible:outline-destructive',
        ghostLight: 'border border-white/40 text-white hover:bg-white/10 focus-visible:outline-white',
      },
      size: {
        sm: 'px-4 py-2 text-sm',
        md: 'px-6 py-3 text-base',
        lg: 'px-8 py-4 text-lg',
        iconSm: 'h-9 w-9 p-0',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
)

export type ButtonVariants = VariantProps<typeof buttonVariants>
