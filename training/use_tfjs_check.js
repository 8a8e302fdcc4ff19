#!/usr/bin/env node
// A scratch cross-check of use_reference.py against the official TensorFlow.js runtime (not a
// dependency of attnviz; run it in a folder outside the repository):
//
//   mkdir /tmp/tfjs-check && cd /tmp/tfjs-check && npm init -y && npm install @tensorflow/tfjs@4
//   NODE_PATH=/tmp/tfjs-check/node_modules node training/use_tfjs_check.js MODEL_DIST tests/data/use/forward.json
//
// Loads model.json + shards with tf.loadGraphModel(tf.io.fromMemory(...)), feeds each fixture
// sentence's ids as the package does (@energetic-ai/embeddings dist/index.js: sparse `indices` [N, 2]
// = (sentence, position), `values` [N] = ids), reads the sentence vector and both layers'
// attention_weights nodes, then the six demo sentences as one padded batch, and prints the largest
// absolute differences from the fixture.
"use strict";
const tf = require("@tensorflow/tfjs");
const fs = require("fs");
const path = require("path");

const dir = process.argv[2];
const fixture = JSON.parse(fs.readFileSync(process.argv[3], "utf-8"));
const K = "module_apply_default/Encoder_en/KonaTransformer/Encode/TransformerStack/";
const OUTPUTS = ["module_apply_default/Encoder_en/hidden_layers/l2_normalize"].concat(
    [0, 1].map((l) => K + `Layer_${l}/TransformerLayer/MultiheadAttention/DotProductAttention/` +
                    "BaseDotProductAttention/attention_weights"));

const maxDiff = (a, b) => {
    if (Array.isArray(a)) return a.reduce((m, x, i) => Math.max(m, maxDiff(x, b[i])), 0);
    return Math.abs(a - b);
};

(async () => {
    await tf.setBackend("cpu");
    const model = JSON.parse(fs.readFileSync(path.join(dir, "model.json"), "utf-8"));
    const weightSpecs = [], shards = [];
    for (const g of model.weightsManifest) {
        weightSpecs.push(...g.weights);
        for (const p of g.paths) shards.push(fs.readFileSync(path.join(dir, p)));
    }
    const all = Buffer.concat(shards);
    const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
    const gm = await tf.loadGraphModel(tf.io.fromMemory({ modelTopology: model.modelTopology, weightSpecs, weightData }));
    const run = async (encodings) => {
        const rows = [];
        encodings.forEach((ids, i) => ids.forEach((_, j) => rows.push([i, j])));
        const indices = tf.tensor2d(rows, [rows.length, 2], "int32");
        const values = tf.tensor1d(encodings.flat(), "int32");
        const out = await gm.executeAsync({ indices, values }, OUTPUTS);
        return Promise.all(out.map((t) => t.array()));
    };
    let vector = 0, attention = 0;
    for (const s of fixture.sentences) {
        const [vec, a0, a1] = await run([s.ids]);
        const dv = maxDiff(vec[0], s.vector), da = Math.max(maxDiff(a0[0], s.attention[0]), maxDiff(a1[0], s.attention[1]));
        console.log(`${dv.toExponential(2)} ${da.toExponential(2)} ${s.text}`);
        vector = Math.max(vector, dv);
        attention = Math.max(attention, da);
    }
    const demo = fixture.similarity.sentences.map((t) => fixture.sentences.find((s) => s.text === t));
    const [batch] = await run(demo.map((s) => s.ids));
    const batchDiff = Math.max(...demo.map((s, i) => maxDiff(batch[i], s.vector)));
    const dot = (a, b) => a.reduce((m, x, i) => m + x * b[i], 0);
    const sim = batch.map((a) => batch.map((b) => dot(a, b)));
    console.log(`tfjs ${tf.version.tfjs} (${tf.getBackend()}): vectors ${vector.toExponential(2)}, ` +
                `attention ${attention.toExponential(2)}, padded batch of six ${batchDiff.toExponential(2)}, ` +
                `similarity ${maxDiff(sim, fixture.similarity.matrix).toExponential(2)}`);
})();
