#!/usr/bin/env node
// madge parses .ts files with the TypeScript compiler API, which the project's TypeScript 7 (a native compiler) does not
// offer. npm hoists madge's parser packages next to that TypeScript, so every require('typescript') made while madge
// runs is pointed at the TypeScript 5 of this folder.
const Module = require('node:module');
const typescript5 = require.resolve('typescript');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'typescript' ? typescript5 : resolve.call(this, request, ...rest);
};
require('madge/bin/cli.js');
