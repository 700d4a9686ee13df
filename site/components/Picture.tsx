import type { ImageAsset } from '../content/imageManifest'

type PictureProps = Omit<React.ComponentProps<'img'>, 'src' | 'srcSet' | 'width' | 'height'> & {
  image: ImageAsset
  /** Above-the-fold images load eagerly and early; everything else lazily. */
  priority?: boolean
}

export function Picture({ image, priority = false, sizes = '100vw', alt = '', ...props }: PictureProps) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet && sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      {...props}
    />
  )
}
