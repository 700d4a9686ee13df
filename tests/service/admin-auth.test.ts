import { describe, expect, it } from 'vitest'
import { adminPassword, testApp, adminHeader } from './helpers.js'

const listPath = '/api/admin/newsletter-subscribers'

describe('admin authentication', () => {
  it('answers 401 without credentials, with a wrong bearer token or a made-up cookie', async () => {
    const { http } = await testApp()
    expect((await http.get(listPath).expect(401)).body).toEqual({ error: 'Unauthorized' })
    await http.get(listPath).set('Authorization', 'Bearer wrong-password').expect(401)
    await http
      .get(listPath)
      .set('Authorization', `Basic ${Buffer.from(`admin:${adminPassword}`).toString('base64')}`)
      .expect(401)
    await http.get(listPath).set('Cookie', 'admin_session=forged').expect(401)
  })

  it('accepts the password as a bearer token', async () => {
    const { http } = await testApp()
    const res = await http.get(listPath).set(adminHeader).expect(200)
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
    const { http } = await testApp({ trustProxy: 1 })
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

  it('counts parallel guesses as they arrive: 30 at once get at most 5 tries, the rest 429 at once', async () => {
    const { http } = await testApp({ trustProxy: 1 })
    const started = performance.now()
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        http
          .post('/api/admin/session')
          .set('X-Forwarded-For', `198.51.100.${i}, 203.0.113.9`)
          .send({ password: `guess-${i}-wrong` }),
      ),
    )
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(25)
    expect(performance.now() - started).toBeLessThan(5000)
    const limited = answers.find((res) => res.status === 429)!
    expect(limited.body).toEqual({ error: 'Too many wrong passwords, please try again later' })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800)
    // Even the right password waits now, from that address; another address is not affected.
    await http.post('/api/admin/session').set('X-Forwarded-For', '203.0.113.9').send({ password: adminPassword }).expect(429)
    await http.post('/api/admin/session').set('X-Forwarded-For', '203.0.113.10').send({ password: adminPassword }).expect(204)
    // The bearer secret is a password too.
    await http.get(listPath).set('X-Forwarded-For', '203.0.113.9').set('Authorization', 'Bearer guess').expect(429)
  })

  it('limits guesses from many addresses together', async () => {
    const { http } = await testApp({ trustProxy: 1 })
    for (let i = 0; i < 50; i++)
      await http.post('/api/admin/session').set('X-Forwarded-For', `198.51.100.${i}`).send({ password: 'wrong-password' }).expect(401)
    await http.post('/api/admin/session').set('X-Forwarded-For', '198.51.100.200').send({ password: 'wrong-password' }).expect(429)
  })

  it('forgives a right password its address, while the wrong guesses before it stay in the overall count', async () => {
    const { http } = await testApp({ trustProxy: 1 })
    const signIn = (address: string, password: string) => http.post('/api/admin/session').set('X-Forwarded-For', address).send({ password })
    const admin = '203.0.113.30'
    for (let i = 0; i < 4; i++) await signIn(admin, 'wrong-password').expect(401)
    await signIn(admin, adminPassword).expect(204)
    // Its address starts afresh: four more wrong guesses are still below the five allowed.
    for (let i = 0; i < 4; i++) await signIn(admin, 'wrong-password').expect(401)
    // Overall: 8 wrong guesses from the admin's address, not the right one; 41 + 1 more reach the 50 allowed.
    for (let i = 0; i < 42; i++) await signIn(`198.51.100.${i}`, 'wrong-password').expect(401)
    await signIn('198.51.100.100', 'wrong-password').expect(429)
  })

  it('keeps the real admin able to sign in from a browser that signed in before, while an attacker on the same address locks it', async () => {
    const { http } = await testApp({ trustProxy: 1 })
    const office = '203.0.113.20'
    const first = await http.post('/api/admin/session').set('X-Forwarded-For', office).send({ password: adminPassword }).expect(204)
    const browser = ([] as string[]).concat(first.headers['set-cookie']!).find((cookie) => cookie.startsWith('admin_browser='))!
    expect(browser).toMatch(/path=\/api\/admin\/session/i)
    expect(browser).toMatch(/httponly/i)
    const known = browser.split(';')[0]!
    // The attacker shares the office's address, and also floods from everywhere else.
    for (let i = 0; i < 6; i++) await http.post('/api/admin/session').set('X-Forwarded-For', office).send({ password: 'wrong-password' })
    for (let i = 0; i < 50; i++) await http.post('/api/admin/session').set('X-Forwarded-For', `198.51.100.${i}`).send({ password: 'wrong-password' })
    await http.post('/api/admin/session').set('X-Forwarded-For', office).send({ password: adminPassword }).expect(429)
    await http.post('/api/admin/session').set('X-Forwarded-For', office).set('Cookie', known).send({ password: adminPassword }).expect(204)
    // A forged known-browser cookie is just no cookie.
    await http.post('/api/admin/session').set('X-Forwarded-For', office).set('Cookie', 'admin_browser=abc.forged').send({ password: adminPassword }).expect(429)
  })
})

describe('the subscriber list', () => {
  it('is sent compressed, and is the same JSON array', async () => {
    const { http } = await testApp()
    for (let i = 0; i < 60; i++)
      await http
        .post('/api/newsletter-subscription')
        .send({ email: `s${i}@example.com` })
        .expect(201)
    const res = await http.get(listPath).set(adminHeader).set('Accept-Encoding', 'gzip').expect(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.body.map((subscriber: { email: string }) => subscriber.email)).toEqual(Array.from({ length: 60 }, (_, i) => `s${i}@example.com`))
    const empty = await testApp()
    expect((await empty.http.get(listPath).set(adminHeader).expect(200)).body).toEqual([])
  })
})
