// Fails when a link in the documentation, or a link to the repository in what ships, points at a file
// or a heading that does not exist. Markdown files: every relative link and every #anchor. Source
// files: every URL of this repository's home page (the credential's and nodes' documentation links,
// error messages) must name a heading of README.md or a file of the repository.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const home = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).homepage.replace(
	/#.*$/,
	'',
);
const skipped = new Set(['node_modules', 'dist', '.build', '.git', '.n8n-local', 'coverage']);

function filesUnder(folder, keep) {
	const found = [];
	for (const name of readdirSync(folder)) {
		if (skipped.has(name)) continue;
		const path = join(folder, name);
		if (statSync(path).isDirectory()) found.push(...filesUnder(path, keep));
		else if (keep(name)) found.push(path);
	}
	return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown) {
	const anchors = new Set();
	const seen = new Map();
	let fenced = false;
	for (const line of markdown.split('\n')) {
		if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
		const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (!heading) continue;
		const text = heading[1]
			.replace(/`/g, '')
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-');
		const count = seen.get(text) ?? 0;
		seen.set(text, count + 1);
		anchors.add(count === 0 ? text : `${text}-${count}`);
	}
	for (const [, name] of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(name);
	return anchors;
}

const anchorCache = new Map();
function hasAnchor(file, anchor) {
	if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
	return anchorCache.get(file).has(decodeURIComponent(anchor).toLowerCase());
}

const problems = [];
function check(from, target, shownAs) {
	const [path, anchor] = target.split('#');
	const file = path === '' ? from : normalize(join(dirname(from), path));
	if (!file.startsWith(root) || !existsSync(file)) {
		problems.push(`${relative(root, from)}: ${shownAs} names a file that does not exist`);
		return;
	}
	if (anchor && file.endsWith('.md') && !hasAnchor(file, anchor)) {
		problems.push(`${relative(root, from)}: ${shownAs} names a heading that does not exist`);
	}
}

for (const file of filesUnder(root, (name) => name.endsWith('.md'))) {
	const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
	for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
		if (/^[a-z][a-z+.-]*:/i.test(target)) {
			if (target.startsWith(home)) check(join(root, 'README.md'), repositoryPath(target), target);
			continue;
		}
		check(file, target, target);
	}
}

/** A URL of the repository's home page as a path from its root: #anchor of README.md or blob/main/path. */
function repositoryPath(url) {
	const rest = url.slice(home.length);
	const blob = /^\/(?:blob|tree)\/[^/]+\/(.*)$/.exec(rest);
	if (blob) return blob[1];
	if (rest.startsWith('#')) return rest === '#readme' ? '' : rest;
	return rest.replace(/^\//, '') || '';
}

const shipped = [
	...filesUnder(join(root, 'nodes'), (name) => /\.(ts|json)$/.test(name)),
	...filesUnder(join(root, 'credentials'), (name) => name.endsWith('.ts')),
];
const homeUrl = new RegExp(`${home.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s'"\`)]*`, 'g');
for (const file of shipped) {
	for (const [url] of readFileSync(file, 'utf8').matchAll(homeUrl)) {
		const target = repositoryPath(url);
		const [path, anchor] = target.split('#');
		const named = path === '' ? join(root, 'README.md') : join(root, path);
		if (!existsSync(named))
			problems.push(`${relative(root, file)}: ${url} names a file that does not exist`);
		else if (anchor && named.endsWith('.md') && !hasAnchor(named, anchor)) {
			problems.push(`${relative(root, file)}: ${url} names a heading that does not exist`);
		}
	}
}

if (problems.length > 0) {
	console.error(problems.join('\n'));
	console.error(`${problems.length} broken link(s)`);
	process.exit(1);
}
console.log(
	'Every link in the documentation and every link to the repository in what ships resolves.',
);
