import type { BlockView } from '../../../contract/wire/blockList'
import { format } from '../../content/ui'
import type { BlockedScreenLabels, ShellLabels } from '../labels'
import { ListScreen } from '../ListScreen'
import { BlockForm } from './BlockForm'
import { useBlock, useBlocked, useUnblock } from './blockQueries'
import { BlockTable } from './BlockTable'
import { CaughtPosts } from './CaughtPosts'

type BlockedScreenProps = { labels: BlockedScreenLabels; shell: ShellLabels }

/**
 * /admin/blocked: the email and client addresses whose forms the service keeps apart (answered as if
 * received), and below them the posts they sent. Block one here, or a page of leads at once with the
 * inbox's Spam and block; Unblock asks first. A caught post's own Unblock moves it to its inbox.
 */
export function BlockedScreen({ labels, shell }: BlockedScreenProps) {
  const { session, blocked: words, pager } = labels
  const block = useBlock()
  return (
    <ListScreen<BlockView>
      query={useBlocked()}
      session={session}
      words={words}
      top={({ announce }) => (
        <>
          <p className="max-w-3xl text-sm leading-6 text-body">{words.intro}</p>
          <BlockForm
            onBlock={({ kind, value, reason }, done) =>
              block.mutate(
                { kind, values: [value], ...(reason.trim() ? { reason: reason.trim() } : {}) },
                {
                  onSuccess: ([entry]) => {
                    done()
                    announce(format(words.added, { value: entry?.value ?? value }))
                  },
                },
              )
            }
            blocking={block.isPending}
            error={block.error}
            labels={words}
          />
        </>
      )}
      table={(entries, remove) => <BlockTable entries={entries} onUnblock={remove} labels={words} />}
      removal={{
        mutation: useUnblock(),
        title: (entry) => format(words.removeTitle, { value: entry.value }),
        text: words.removeText,
        confirm: words.removeConfirm,
        pending: words.removing,
        done: (entry) => format(words.removed, { value: entry.value }),
      }}
      below={<CaughtPosts words={words} pager={pager} session={session} shell={shell} />}
    />
  )
}
