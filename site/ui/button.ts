import { cva, type VariantProps } from 'class-variance-authority'

/** Every button and button-like link of the site, as one table of variants. */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
  {
    variants: {
      variant: {
        primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 focus-visible:outline-brand-600',
        accent: 'bg-accent-400 text-brand-950 shadow-sm hover:bg-accent-500 focus-visible:outline-accent-400',
        outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus-visible:outline-brand-600',
        destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-700',
        outlineDestructive: 'border border-red-300 bg-white text-red-700 hover:bg-red-50 focus-visible:outline-red-700',
        ghostLight: 'border border-white/40 text-white hover:bg-white/10 focus-visible:outline-white',
        link: 'rounded-none px-0 py-0 text-brand-700 underline-offset-4 hover:underline focus-visible:outline-brand-600',
      },
      size: {
        sm: 'px-4 py-2 text-sm',
        md: 'px-6 py-3 text-base',
        lg: 'px-8 py-4 text-lg',
        icon: 'h-11 w-11 p-0',
        iconSm: 'h-9 w-9 p-0',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
)

export type ButtonVariants = VariantProps<typeof buttonVariants>
