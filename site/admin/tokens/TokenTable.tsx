import { Trash2 } from 'lucide-react'
import { scopeWords, type ApiTokenView } from '../../../contract/wire/apiTokens'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'
import { OfficeTime } from '../list/OfficeTime'
import { ListTable } from '../list/ListTable'
import type { TokenLabels } from '../labels'

type TokenTableProps = {
  tokens: ApiTokenView[]
  onRevoke: (token: ApiTokenView) => void
  labels: TokenLabels
}

const cell = 'px-4 py-3 align-top'

/** The tokens, oldest first: name, what it may do, when made, when last used (to the minute), and Revoke. */
export function TokenTable({ tokens, onRevoke, labels }: TokenTableProps) {
  return (
    <ListTable caption={labels.tableLabel} headers={[labels.name, labels.scopes, labels.created, labels.lastUsed, labels.actions]} minWidth="min-w-[48rem]">
      {tokens.map((token) => (
        <tr key={token.id} className="border-t border-divider text-body">
          <th scope="row" className={cn(cell, 'min-w-40 font-medium text-foreground wrap-anywhere')}>
            {token.name}
          </th>
          <td className={cell}>{token.scopes.map((scope) => labels[scopeWords[scope].name]).join(', ')}</td>
          <td className={cell}>
            <OfficeTime at={token.createdAt} />
          </td>
          <td className={cell}>{token.lastUsedAt ? <OfficeTime at={token.lastUsedAt} /> : <span className="text-muted-foreground">{labels.never}</span>}</td>
          <td className={cell}>
            <Button type="button" variant="outlineDestructive" size="sm" onClick={() => onRevoke(token)}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {labels.revoke}
              <span className="sr-only">: {token.name}</span>
            </Button>
          </td>
        </tr>
      ))}
    </ListTable>
  )
}
