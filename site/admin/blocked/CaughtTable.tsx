import { Undo2 } from 'lucide-react'
import type { Ref } from 'react'
import type { BlockedPostView } from '../../../contract/wire/blockList'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'
import { OfficeTime } from '../list/OfficeTime'
import { cardRow, ListTable } from '../list/ListTable'
import type { BlockedLabels } from '../labels'
import { formWord, kindWord } from './blockWords'
import { senderOf } from './caughtPost'

type CaughtTableProps = {
  posts: BlockedPostView[]
  onUnblock: (post: BlockedPostView) => void
  /** The post being moved, if one is: its button says so, and every Unblock waits. */
  unblocking: string | null
  labels: BlockedLabels
  regionRef?: Ref<HTMLDivElement>
}

// A card on a phone (who and Unblock on the first line, the form, time and entry below), a row from lg.
const cell = 'min-w-0 lg:px-4 lg:py-3 lg:align-top'
const below = 'col-span-2 text-body'

/** The posts the block list caught, newest first: who, which form, when, the entry that caught it, and Unblock. */
export function CaughtTable({ posts, onUnblock, unblocking, labels, regionRef }: CaughtTableProps) {
  return (
    <ListTable
      caption={labels.caughtTableLabel}
      headers={[labels.caughtFrom, labels.caughtForm, labels.caughtReceived, labels.caughtBy, labels.actions]}
      minWidth="lg:min-w-[56rem]"
      cards
      regionRef={regionRef}
    >
      {posts.map((post) => {
        const sender = senderOf(post)
        return (
          <tr key={post.id} className={cn(cardRow, 'grid-cols-[minmax(0,1fr)_auto] text-body')}>
            <th scope="row" className={cn(cell, 'col-start-1 row-start-1 font-medium text-foreground wrap-anywhere lg:min-w-48')}>
              <span className="block text-base lg:text-sm">{sender.name}</span>
              {sender.details.map((detail) => (
                <span key={detail} className="block text-sm font-normal text-muted-foreground">
                  {detail}
                </span>
              ))}
            </th>
            <td className={cn(cell, below, 'row-start-2 font-semibold lg:font-normal')}>{labels[formWord[post.form]]}</td>
            <td className={cn(cell, below, 'row-start-3')}>
              <OfficeTime at={post.receivedAt} />
            </td>
            <td className={cn(cell, below, 'row-start-4 wrap-anywhere lg:min-w-40')}>
              <span aria-hidden="true" className="text-muted-foreground lg:hidden">
                {labels.caughtBy}:{' '}
              </span>
              {post.caughtBy.value}
              <span className="block text-xs text-muted-foreground">{labels[kindWord[post.caughtBy.kind]]}</span>
            </td>
            <td className={cn(cell, 'col-start-2 row-start-1')}>
              <Button
                type="button"
                variant="outline"
                size="sm"
                data-post-id={post.id}
                aria-disabled={unblocking !== null}
                onClick={() => unblocking === null && onUnblock(post)}
              >
                <Undo2 aria-hidden="true" className="h-4 w-4" />
                {unblocking === post.id ? labels.unblockingPost : labels.unblockPost}
                <span className="sr-only">: {sender.name}</span>
              </Button>
            </td>
          </tr>
        )
      })}
    </ListTable>
  )
}
