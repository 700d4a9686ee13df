import { describe, expect, it } from 'vitest'
import { FailureThrottle } from '../../forms-service/middleware/adminAuth.js'
import { adminPassword, testApp } from './helpers.js'

const listPath = '/api/admin/newsletter-subscribers'

describe('admin authentication', () => {
  it('answers 401 without credentials, with a wrong bearer token or a made-up cookie', async () => {
    const { http } = await testApp()
    expect((await http.get(listPath).expect(401)).body).toEqual({ error: 'Unauthorized' })
    await http.get(listPath).set('Authorization', 'Bearer wrong-password').expect(401)
    await http.get(listPath).set('Authorization', `Basic ${Buffer.from(`admin:${adminPassword}`).toString('base64')}`).expect(401)
    await http.get(listPath).set('Cookie', 'admin_session=forged').expect(401)
  })

  it('accepts the password as a bearer token', async () => {
    const { http } = await testApp()
    const res = await http.get(listPath).set('Authorization', `Bearer ${adminPassword}`).expect(200)
    expect(res.body).toEqual([])
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('signs in with a session cookie (HttpOnly, SameSite=Strict) and signs out', async () => {
    const { http } = await testApp()
    await http.post('/api/admin/session').send({ password: 'wrong-password' }).expect(401)
    const signIn = await http.post('/api/admin/session').send({ password: adminPassword }).expect(204)
    const cookie = signIn.headers['set-cookie']![0]!
    expect(cookie).toMatch(/^admin_session=[\w-]{40,};/)
    expect(cookie).toMatch(/httponly/i)
    expect(cookie).toMatch(/samesite=strict/i)
    expect(cookie).not.toMatch(/secure/i)
    const session = cookie.split(';')[0]!
    await http.get(listPath).set('Cookie', session).expect(200)
    const signOut = await http.delete('/api/admin/session').set('Cookie', session).expect(204)
    expect(signOut.headers['set-cookie']![0]).toMatch(/^admin_session=;.*expires=Thu, 01 Jan 1970/i)
    await http.get(listPath).set('Cookie', session).expect(401)
  })

  it('marks the cookie Secure behind HTTPS (a trusted proxy saying https)', async () => {
    const { http } = await testApp({ trustProxy: true })
    const res = await http.post('/api/admin/session').set('X-Forwarded-Proto', 'https').send({ password: adminPassword }).expect(204)
    expect(res.headers['set-cookie']![0]).toMatch(/;\s*secure/i)
  })

  it('validates the sign-in body like a form', async () => {
    const { http } = await testApp()
    expect((await http.post('/api/admin/session').send({}).expect(400)).body.fields).toEqual({ password: 'Password is required' })
    await http.post('/api/admin/session').set('Content-Type', 'text/plain').send(adminPassword).expect(415)
  })

  it('has no way in when no admin password is configured', async () => {
    const { http } = await testApp({ adminPassword: null })
    await http.post('/api/admin/session').send({ password: 'anything-at-all' }).expect(401)
    await http.get(listPath).set('Authorization', 'Bearer null').expect(401)
  })

  it('slows down an address after repeated wrong passwords, and a success resets it', async () => {
    const { http } = await testApp({ trustProxy: true })
    const attempt = async (ip: string, password: string) => {
      const start = performance.now()
      const res = await http.post('/api/admin/session').set('X-Forwarded-For', ip).send({ password })
      return { status: res.status, ms: performance.now() - start }
    }
    for (let i = 0; i < 5; i++) expect((await attempt('203.0.113.9', 'wrong-password')).ms).toBeLessThan(300)
    const slowed = await attempt('203.0.113.9', 'wrong-password')
    expect(slowed).toMatchObject({ status: 401 })
    expect(slowed.ms).toBeGreaterThanOrEqual(450)
    // Another address is not affected.
    expect((await attempt('203.0.113.10', 'wrong-password')).ms).toBeLessThan(300)
  })
})

describe('FailureThrottle', () => {
  it('spaces attempts further apart with each failure, up to the maximum, and forgets on success', async () => {
    const throttle = new FailureThrottle(2, 20, 50)
    const timed = async () => {
      const start = performance.now()
      await throttle.wait('ip')
      return performance.now() - start
    }
    throttle.fail('ip')
    expect(await timed()).toBeLessThan(15)
    throttle.fail('ip')
    expect(await timed()).toBeGreaterThanOrEqual(15)
    throttle.succeed('ip')
    expect(await timed()).toBeLessThan(15)
  })
})
