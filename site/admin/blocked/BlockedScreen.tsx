import type { BlockView } from '../../../contract/wire/blockList'
import { format } from '../../content/ui'
import type { BlockedScreenLabels } from '../labels'
import { ListScreen } from '../ListScreen'
import { BlockForm } from './BlockForm'
import { useBlock, useBlocked, useUnblock } from './blockQueries'
import { BlockTable } from './BlockTable'

type BlockedScreenProps = { labels: BlockedScreenLabels }

/**
 * /admin/blocked: the email and client addresses whose forms the service drops (answered as if
 * received). Block one here, or a page of leads at once with the inbox's Spam and block; Unblock asks first.
 */
export function BlockedScreen({ labels }: BlockedScreenProps) {
  const { session, blocked: words } = labels
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
    />
  )
}
