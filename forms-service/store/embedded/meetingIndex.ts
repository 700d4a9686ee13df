import { meetingCells, occupyingStates, type BookingSettings, type Meeting } from '../../../contract/booking/booking.js'
import type { ConsultationRecord } from '../records.js'

/**
 * The embedded store's view of the grid: how many meetings hold each cell, counting the ones being
 * written, and the request of each meeting. Only its single writer changes it, synchronously, so a
 * start found free here is taken before any other request can look.
 */
export class MeetingIndex {
  private readonly cells = new Map<number, number>()
  /** Meeting id -> its request's id. */
  readonly requests = new Map<string, string>()
  /** Meeting id -> the cells it holds now. */
  private readonly held = new Map<string, number[]>()

  constructor(
    readonly settings: BookingSettings,
    records: Iterable<ConsultationRecord>,
  ) {
    for (const record of records) if (record.meeting) this.track(record.id, record.meeting)
  }

  /** A stored meeting: known by id, holding its cells if it still takes its place. */
  track(requestId: string, meeting: Meeting): void {
    this.requests.set(meeting.id, requestId)
    this.release(meeting.id)
    if (occupyingStates.includes(meeting.state)) this.held.set(meeting.id, this.hold(meeting.start))
  }

  forget(meetingId: string): void {
    this.release(meetingId)
    this.requests.delete(meetingId)
  }

  /** The first of `starts` whose cells have room, not counting the cells `except` holds (a meeting being moved). */
  firstFree(starts: readonly string[], except?: string): string | undefined {
    const own = new Set(except ? (this.held.get(except) ?? []) : [])
    return starts.find((start) =>
      meetingCells(start, this.settings).every((cell) => {
        const at = Date.parse(cell)
        return this.count(at) - (own.has(at) ? 1 : 0) < this.settings.atOnce
      }),
    )
  }

  /** Counts a start's cells as taken now; returns them, to give back with `unhold` if the write fails. */
  hold(start: string): number[] {
    const cells = meetingCells(start, this.settings).map(Date.parse)
    for (const cell of cells) this.cells.set(cell, this.count(cell) + 1)
    return cells
  }

  unhold(cells: readonly number[]): void {
    for (const cell of cells) {
      const left = this.count(cell) - 1
      if (left > 0) this.cells.set(cell, left)
      else this.cells.delete(cell)
    }
  }

  /** Cells in [from, to) with their counts. */
  taken(from: number, to: number): Map<string, number> {
    const found = new Map<string, number>()
    for (const [cell, count] of this.cells) if (cell >= from && cell < to) found.set(new Date(cell).toISOString(), count)
    return found
  }

  private count(cell: number): number {
    return this.cells.get(cell) ?? 0
  }

  private release(meetingId: string): void {
    const cells = this.held.get(meetingId)
    if (cells) this.unhold(cells)
    this.held.delete(meetingId)
  }
}
