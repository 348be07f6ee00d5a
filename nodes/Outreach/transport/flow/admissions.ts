/** How long admitted requests are kept: a second, and the one before it. */
const KEPT_MS = 2_000;

/**
 * When the requests a service admitted were sent, over the last two seconds: what a window of the
 * service admitted is what was sent within it, whenever the answers came.
 */
export class Admissions {
	/** Send times in order, from `head` on (the older are dropped as time passes). */
	private times: number[] = [];
	private head = 0;

	/** Records an admitted request by when it was sent. */
	add(sentAt: number, now: number): void {
		let index = this.times.length;
		while (index > this.head && this.times[index - 1] > sentAt) index--;
		this.times.splice(index, 0, sentAt);
		this.drop(now);
	}

	/** How many requests were admitted that were sent in the second before `now`. */
	inLastSecond(now: number): number {
		this.drop(now);
		return this.times.length - this.after(now - 1_000);
	}

	/** How many requests were admitted that were sent after `from` and by `to`, within the last two seconds. */
	between(from: number, to: number): number {
		return Math.max(0, this.after(to) - this.after(from));
	}

	/** The index of the first send time after `moment`. */
	private after(moment: number): number {
		let low = this.head;
		let high = this.times.length;
		while (low < high) {
			const middle = (low + high) >>> 1;
			if (this.times[middle] <= moment) low = middle + 1;
			else high = middle;
		}
		return low;
	}

	private drop(now: number): void {
		this.head = this.after(now - KEPT_MS);
		if (this.head > 1_024) {
			this.times = this.times.slice(this.head);
			this.head = 0;
		}
	}
}
