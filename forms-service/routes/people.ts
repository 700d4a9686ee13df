import { randomUUID } from 'node:crypto'
import createError from 'http-errors'
import { adminApi } from '../../contract/wire/adminApi.js'
import {
  atDesk,
  bootstrapAccountId,
  invitationDays,
  type AccountRecord,
  type AuditView,
  type InvitationRecord,
  type InvitationView,
  type PersonView,
  type SessionView,
} from '../../contract/wire/people.js'
import { invitationPurpose } from '../email/deskEmails.js'
import { verifySignedId } from '../email/signedId.js'
import { actorId, actorOf, sessionCookie, type AdminAuth } from '../middleware/adminAuth.js'
import { jsonBody } from '../middleware/jsonBody.js'
import { validateBody } from '../middleware/validateBody.js'
import { owed } from '../middleware/requestLog.js'
import { actorNames, type ActorNames } from '../people/actorNames.js'
import { hashPassword } from '../people/password.js'
import { emailsFor } from '../outbox/render.js'
import type { FormStore } from '../store/formStore.js'
import { validateAuditQuery, validateFirstOwner, validateInvitationAccept, validateInvitationCreate, validateRoleChange } from '../validators.js'
import { adminRouter, listQuery } from './adminRouter.js'
import { toCsv, type Column } from './inboxCsv.js'
import type { AuditQuery } from '../store/people.js'
import { answer, route } from './route.js'

const personView = ({ passwordHash, removedAt: _removed, ...person }: AccountRecord): PersonView => ({ ...person, hasPassword: passwordHash !== undefined })

const dayMs = 24 * 60 * 60 * 1000
/** The most lines one CSV of the trail holds: years of a small team's sign-ins. */
const auditCsvMax = 100_000

const auditColumns: Column<AuditView>[] = [
  ['At (UTC)', (entry) => entry.at],
  ['Who', (entry) => entry.actorName],
  ['What', (entry) => entry.action],
  ['About', (entry) => entry.subject ?? ''],
  ['From address', (entry) => entry.address ?? ''],
]

/**
 * The people at the desk: the first owner's account while bootstrapping, invitations (made, sent again,
 * revoked, accepted), roles and removals, each person's sessions, and the owners' audit trail. Every change
 * here is a line of the audit trail.
 */
export function peopleRoutes(auth: AdminAuth, store: FormStore, secret: string, corsOrigins: readonly string[], now: () => Date) {
  const { router, admin } = adminRouter(auth, corsOrigins)

  /** The live owners: the last of them can be neither removed nor made a member. */
  const liveOwners = async () => (await store.people()).filter((person) => person.role === 'owner' && atDesk(person))

  /** An invitation a link's key opens now, or a 404 that says what to do. */
  const openInvitation = async (key: unknown): Promise<InvitationRecord> => {
    const id = typeof key === 'string' ? verifySignedId(secret, invitationPurpose, key) : null
    const invitation = id === null ? undefined : await store.invitation(id)
    if (!invitation || invitation.acceptedAt || invitation.revokedAt || Date.parse(invitation.expiresAt) <= now().getTime()) {
      throw createError(404, 'This invitation link no longer works: ask an owner of the desk for a new one')
    }
    return invitation
  }

  const invitationView = (invitation: InvitationRecord, names: ActorNames): InvitationView => ({ ...invitation, invitedBy: names(invitation.invitedBy) })

  route(router, adminApi.signInOptions, async (ctx) => {
    answer(ctx, adminApi.signInOptions, { bootstrap: await auth.bootstrapping() })
  })

  route(router, adminApi.me, ...admin, async (ctx) => {
    const actor = actorOf(ctx)
    if (actor.kind === 'person') answer(ctx, adminApi.me, { id: actor.person.id, name: actor.person.name, role: actor.person.role, bootstrap: false })
    else answer(ctx, adminApi.me, { id: bootstrapAccountId, name: 'ADMIN_PASSWORD', role: 'owner', bootstrap: true })
  })

  route(router, adminApi.team, ...admin, async (ctx) => {
    const people = (await store.people()).filter(atDesk)
    answer(ctx, adminApi.team, { people: people.map(({ id, name }) => ({ id, name })) })
  })

  route(router, adminApi.people.list, ...admin, async (ctx) => {
    const people = await store.people()
    const names = await actorNames(store)
    const open = (await store.invitations()).filter((invitation) => !invitation.acceptedAt && !invitation.revokedAt)
    answer(ctx, adminApi.people.list, {
      people: people.filter(atDesk).map(personView),
      invitations: open.map((invitation) => invitationView(invitation, names)),
    })
  })

  route(
    router,
    adminApi.people.firstOwner,
    ...admin,
    ...jsonBody,
    validateBody(validateFirstOwner, {}, async (ctx, { form, body }) => {
      if (actorOf(ctx).kind !== 'bootstrap' || !(await auth.bootstrapping())) {
        throw createError(409, 'The desk has an owner already: an owner invites everyone else (People)')
      }
      const account: AccountRecord = {
        id: randomUUID(),
        name: form.name,
        email: form.email,
        role: 'owner',
        // As typed, blanks included: a password is never trimmed.
        passwordHash: await hashPassword(body.password),
        createdAt: now().toISOString(),
      }
      const added = await store.addPerson(account, { adoptTokens: true })
      if (!added) throw createError(409, 'Someone has an account with this email already')
      await auth.audit(ctx, 'person-invited', `${account.email} (the first owner)`)
      // ADMIN_PASSWORD opens nothing from now on: its sessions end with it.
      await store.endSessionsOf(bootstrapAccountId)
      await auth.startSession(ctx, account.id)
      answer(ctx, adminApi.people.firstOwner, personView(added), 201)
    }),
  )

  route(
    router,
    adminApi.people.invite,
    ...admin,
    ...jsonBody,
    validateBody(validateInvitationCreate, {}, async (ctx, { form }) => {
      if (await store.personByEmail(form.email)) throw createError(409, 'This person has an account already')
      const at = now()
      const invitation: InvitationRecord = {
        id: randomUUID(),
        email: form.email,
        name: form.name,
        role: form.role,
        // The owner signed in, or the bootstrap password (then the invitation says the agency's name); never a token (scope `admin`).
        invitedBy: actorId(actorOf(ctx)),
        createdAt: at.toISOString(),
        expiresAt: new Date(at.getTime() + invitationDays * dayMs).toISOString(),
      }
      await store.addInvitation(invitation, owed(ctx, emailsFor.invitations))
      await auth.audit(ctx, 'person-invited', form.email)
      answer(ctx, adminApi.people.invite, invitationView(invitation, await actorNames(store)), 201)
    }),
  )

  route(router, adminApi.people.resendInvitation, ...admin, ...jsonBody, async (ctx) => {
    const invitation = await store.invitation(ctx.params.id!)
    if (!invitation || invitation.acceptedAt || invitation.revokedAt) throw createError(404, 'No such open invitation')
    const expiresAt = new Date(now().getTime() + invitationDays * dayMs).toISOString()
    const changed = await store.changeInvitation(invitation.id, { expiresAt }, owed(ctx, emailsFor.invitations))
    if (!changed) throw createError(404, 'No such open invitation')
    await auth.audit(ctx, 'person-invited', `${invitation.email} (again)`)
    answer(ctx, adminApi.people.resendInvitation, invitationView(changed, await actorNames(store)))
  })

  route(router, adminApi.people.revokeInvitation, ...admin, async (ctx) => {
    const invitation = await store.invitation(ctx.params.id!)
    if (!invitation || invitation.acceptedAt || invitation.revokedAt) throw createError(404, 'No such open invitation')
    await store.changeInvitation(invitation.id, { revokedAt: now().toISOString() })
    await auth.audit(ctx, 'invitation-revoked', invitation.email)
    ctx.status = 204
  })

  route(router, adminApi.people.invitation, async (ctx) => {
    const invitation = await openInvitation(ctx.query.key)
    answer(ctx, adminApi.people.invitation, { name: invitation.name, email: invitation.email })
  })

  route(
    router,
    adminApi.people.accept,
    ...jsonBody,
    validateBody(validateInvitationAccept, {}, async (ctx, { body }) => {
      const invitation = await openInvitation(body.key)
      const account: AccountRecord = {
        id: randomUUID(),
        name: invitation.name,
        email: invitation.email,
        role: invitation.role,
        passwordHash: await hashPassword(body.password),
        createdAt: now().toISOString(),
      }
      const added = await store.addPerson(account, { invitationId: invitation.id })
      if (!added) throw createError(409, 'Someone has an account with this email already: sign in instead')
      await auth.audit(ctx, 'invitation-accepted', invitation.email, account.id)
      await auth.startSession(ctx, account.id)
      answer(ctx, adminApi.people.accept, personView(added), 201)
    }),
  )

  const lastOwnerGuard = async (person: AccountRecord) => {
    if (person.role === 'owner' && (await liveOwners()).length === 1) {
      throw createError(409, 'The desk needs an owner: make another person an owner first')
    }
  }

  const livePerson = async (id: string) => {
    const person = await store.person(id)
    if (!person || person.removedAt) throw createError(404, 'No such person')
    return person
  }

  route(
    router,
    adminApi.people.changeRole,
    ...admin,
    ...jsonBody,
    validateBody(validateRoleChange, {}, async (ctx, { form }) => {
      const person = await livePerson(ctx.params.id!)
      if (person.role === form.role) return answer(ctx, adminApi.people.changeRole, personView(person))
      if (form.role === 'member') await lastOwnerGuard(person)
      const changed = await store.changePerson(person.id, { role: form.role })
      if (!changed) throw createError(404, 'No such person')
      await auth.audit(ctx, 'role-changed', `${person.email}: ${person.role} → ${form.role}`)
      answer(ctx, adminApi.people.changeRole, personView(changed))
    }),
  )

  route(router, adminApi.people.remove, ...admin, async (ctx) => {
    const person = await livePerson(ctx.params.id!)
    await lastOwnerGuard(person)
    await store.changePerson(person.id, { removedAt: now().toISOString() })
    await auth.audit(ctx, 'person-removed', person.email)
    ctx.status = 204
  })

  route(router, adminApi.sessions.list, ...admin, async (ctx) => {
    const actor = actorOf(ctx)
    const accountId = actorId(actor)
    const current = actor.kind === 'token' ? undefined : actor.sessionId
    const sessions = await store.sessionsOf(accountId, now())
    answer(
      ctx,
      adminApi.sessions.list,
      sessions.map(({ id, device, createdAt, lastSeenAt }): SessionView => ({ id, device, createdAt, lastSeenAt, current: id === current })),
    )
  })

  route(router, adminApi.sessions.end, ...admin, async (ctx) => {
    const actor = actorOf(ctx)
    const accountId = actorId(actor)
    const own = (await store.sessionsOf(accountId, now())).find((session) => session.id === ctx.params.id)
    if (!own || !(await store.endSession(own.id))) throw createError(404, 'No such session')
    await auth.audit(ctx, 'session-ended', own.device)
    if (actor.kind !== 'token' && own.id === actor.sessionId) ctx.cookies.set(sessionCookie, null)
    ctx.status = 204
  })

  /** The lines of the trail `query` keeps, each with the name of who did it. */
  const auditLines = async (query: AuditQuery): Promise<{ items: AuditView[]; total: number }> => {
    const page = await store.auditTrail(query)
    const actorName = await actorNames(store)
    return { items: page.items.map((entry): AuditView => ({ ...entry, actorName: actorName(entry.actor) })), total: page.total }
  }

  route(router, adminApi.audit, ...admin, async (ctx) => {
    const query = listQuery(ctx, validateAuditQuery)
    answer(ctx, adminApi.audit, { ...(await auditLines(query)), offset: query.offset, limit: query.limit })
  })

  route(router, adminApi.auditCsv, ...admin, async (ctx) => {
    const { offset: _offset, limit: _limit, ...filters } = listQuery(ctx, validateAuditQuery)
    const { items } = await auditLines({ ...filters, offset: 0, limit: auditCsvMax })
    await auth.audit(ctx, 'exported', 'the activity trail (CSV)')
    ctx.set('Content-Type', 'text/csv; charset=utf-8')
    ctx.set('Content-Disposition', 'attachment; filename="activity.csv"')
    answer(ctx, adminApi.auditCsv, toCsv(auditColumns, items))
  })

  return router
}
