import { Trash2 } from 'lucide-react'
import type { PasskeyView } from '../../../contract/wire/people'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'
import type { SecurityLabels } from '../labels'
import { ListTable } from '../list/ListTable'
import { OfficeTime } from '../list/OfficeTime'

type PasskeyTableProps = { passkeys: PasskeyView[]; onRemove: (passkey: PasskeyView) => void; labels: SecurityLabels }

const cell = 'px-4 py-3 align-top'

/** The person's passkeys: the name they gave it, when it was added, when it last signed them in, and Remove. */
export function PasskeyTable({ passkeys, onRemove, labels }: PasskeyTableProps) {
  return (
    <ListTable caption={labels.passkeysTableLabel} headers={[labels.passkeyName, labels.added, labels.lastUsed, labels.actions]} minWidth="min-w-[40rem]">
      {passkeys.map((passkey) => (
        <tr key={passkey.id} className="border-t border-divider text-body">
          <th scope="row" className={cn(cell, 'min-w-40 font-medium text-foreground wrap-anywhere')}>
            {passkey.name}
          </th>
          <td className={cell}>
            <OfficeTime at={passkey.createdAt} />
          </td>
          <td className={cell}>{passkey.lastUsedAt ? <OfficeTime at={passkey.lastUsedAt} /> : labels.neverUsed}</td>
          <td className={cell}>
            <Button type="button" variant="outlineDestructive" size="sm" onClick={() => onRemove(passkey)}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {labels.removePasskey}
              <span className="sr-only">: {passkey.name}</span>
            </Button>
          </td>
        </tr>
      ))}
    </ListTable>
  )
}
