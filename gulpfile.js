const { src, dest } = require('gulp');

function copyIcons() {
	return src(['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}', 'icons/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

function copyCodex() {
	return src('nodes/**/*.node.json', { base: '.' }).pipe(dest('dist'));
}

exports['build:icons'] = async () => {
	await new Promise((resolve, reject) => copyIcons().on('finish', resolve).on('error', reject));
	await new Promise((resolve, reject) => copyCodex().on('finish', resolve).on('error', reject));
};
