import { NodeOperationError } from 'n8n-workflow';

import { failed, type Ending } from './endings';
import { checkLeads, leadsOf } from './leads';
import type { NodeRun } from './nodeRun';
import { withdraw, type Plan } from './sending';

/** A group of plans checked against the record of leads together, closed once all have ended. */
interface Checked {
	close(endings: Array<Ending | undefined>): Promise<void>;
	underWay(): void;
	/** Plans of the group not yet taken by a sender. */
	untaken: number;
	/** Plans of the group not yet ended. */
	open: number;
	closing?: Promise<void>;
	/** Once the group has closed: the record holds what its writes left. */
	closed: Promise<void>;
	/** While the group is open: whom its plans reach, as the record tells leads apart, and their writes. */
	leads: Set<string>;
	writes: Set<string>;
}

/** A plan and the group it was checked with. */
export interface Fed {
	plan: Plan;
	group: Checked;
}

/**
 * The plans of a run, in input order, as they are checked against the record of leads, for the run's
 * senders to take. A group's leads stay this process's to reach (record.ts) until every plan of the
 * group has ended, not until the run is over: two runs whose groups wait on each other's leads would
 * otherwise wait forever.
 */
export class PlanFeed {
	private readonly fed: Fed[] = [];
	private readonly groups: Checked[] = [];
	private next = 0;
	/** Items read from the form so far. */
	private planned = 0;
	private ended = false;
	private arrived = () => undefined as void;
	private arrival = this.nextArrival();

	constructor(
		private readonly run: NodeRun,
		private readonly endings: Array<Ending | undefined>,
		private readonly count: number,
	) {}

	private nextArrival(): Promise<void> {
		return new Promise<void>((resolve) => (this.arrived = resolve));
	}

	private wake(): void {
		const arrived = this.arrived;
		this.arrival = this.nextArrival();
		arrived();
	}

	/** Whether plans were handed to the senders already. */
	get sending(): boolean {
		return this.fed.length > 0;
	}

	/**
	 * Checks `plans` (the items up to `planned`) against the record and hands the senders those to
	 * send. A group that the record cannot be read for once others are under way ends as errors, an
	 * error for each item.
	 */
	async add(plans: Plan[], planned: number): Promise<void> {
		this.planned = planned;
		if (!plans.length) return;
		// Nothing under way yet: the node fails, as it would with one group.
		const checked = this.sending
			? await checkLeads(this.run, plans, this.endings).catch((error: Error) => error)
			: await checkLeads(this.run, plans, this.endings);
		if (checked instanceof Error) {
			const node = this.run.context.getNode();
			withdraw(plans);
			for (const plan of plans) {
				// The message is all an error item's JSON (and an AI agent) gets.
				const unread = new NodeOperationError(
					node,
					`Not sent: n8n’s record of the leads this node reached could not be read (${checked.message})`,
					{
						description:
							'Earlier items of the run went ahead. Run this item again once n8n’s database answers.',
					},
				);
				this.endings[plan.index] = failed('unsent', unread, plan.index);
			}
			this.wake();
			return;
		}
		let closed = () => undefined as void;
		const group: Checked = {
			close: async (endings) => {
				await checked.close(endings).finally(() => {
					group.leads.clear();
					group.writes.clear();
					closed();
				});
			},
			underWay: checked.underWay,
			untaken: checked.plans.length,
			open: checked.plans.length,
			closed: new Promise<void>((resolve) => (closed = resolve)),
			leads: new Set(checked.plans.flatMap((plan) => plan.leads ?? [])),
			writes: new Set(checked.plans.flatMap((plan) => plan.key ?? [])),
		};
		this.groups.push(group);
		for (const plan of checked.plans) this.fed.push({ plan, group });
		if (!group.open) this.close(group);
		this.wake();
	}

	/**
	 * Whether the plan is a write identical to one of a group still open, or reaches a lead such a
	 * group reaches. It waits until the groups before it have closed (drained()) and is planned again:
	 * a group that closes takes back a lead its items did not reach, whatever a later group still
	 * sends to it, and identical writes in two groups could wait on each other.
	 */
	shares(plan: Plan): boolean {
		const places = this.run.operation.write?.places;
		const leads = places && plan.sent ? leadsOf(places, this.run.account.baseUrl, plan.sent) : [];
		return this.groups.some(
			(group) =>
				(plan.key !== undefined && group.writes.has(plan.key)) ||
				leads.some((lead) => group.leads.has(lead)),
		);
	}

	/** Once every group so far has closed, or the run stopped. */
	async drained(): Promise<void> {
		await this.run.until(Promise.all(this.groups.map(async (group) => await group.closed)));
	}

	/** No more plans come. */
	end(): void {
		this.ended = true;
		this.wake();
	}

	/** The next plan to send, once there is one; none once the feed has ended or the run stopped. */
	async take(): Promise<Fed | undefined> {
		for (;;) {
			if (this.run.stopped) return undefined;
			const fed = this.fed[this.next];
			if (fed) {
				this.next++;
				this.run.backlog.count = this.fed.length - this.next + this.count - this.planned;
				if (--fed.group.untaken === 0) fed.group.underWay();
				return fed;
			}
			if (this.ended) return undefined;
			await this.run.until(this.arrival);
		}
	}

	/** The plan has ended: its group closes once every plan of it has. */
	done(fed: Fed): void {
		if (--fed.group.open === 0) this.close(fed.group);
	}

	private close(group: Checked): void {
		group.closing ??= group.close(this.endings);
		// Awaited in closeAll(); until then a failure must not go unhandled.
		group.closing.catch(() => undefined);
	}

	/** Once the run sends nothing more: every group closes, whatever became of its plans. */
	async closeAll(): Promise<void> {
		for (const group of this.groups) this.close(group);
		await Promise.all(this.groups.map(async (group) => await group.closing));
	}
}
