#!/usr/bin/env python3
"""Writes the shipped chapter lesson, resources/lessons/chapter.attnviz-lesson (issue 52).

    python3 training/make_chapter_lesson.py

The stops follow the chapter's order (2.1 raw attention on the toy and on GloVe, scaling, the function-word
artefact; 2.2 random and learned Wq, Wk, Wv, additive scoring; 2.3 translation with and without attention;
2.4 the Transformer classifier, its heads and padding mask, one layer step by step, what-ifs, O(n^2); 2.5
ViT patches, CutMix, position embeddings; a decoder writing a story; the head survey: which head looks at
the previous token over a whole corpus). Each stop is a page state in the
session format (docs/session-format.md), with English and Simplified Chinese texts. No question holds its
answer: the engine computes options and answers when a stop opens (docs/lesson-format.md). The Vision
stops browse resources/lessons/fashion-mnist-sample-* (training/make_lesson_images.py).
The texts are this repository's (code licence).
"""
import json
import pathlib
Q = "The teacher praised a student because she improved"
K = "A student asked the teacher to help her improve"
def T(en, zh): return {"en": en, "zh": zh}
def walk(**kw):
    s = {"query": Q, "keys": K, "scoring": "scaled", "step": "weights", "selectedQuery": 6}
    s.update(kw); return s
stops = []
def stop(title, narration, page, state, question=None, teaching=True):
    d = {"title": title, "narration": narration, "page": page, "state": state, "teaching": teaching}
    if question: d["question"] = question
    stops.append(d)
def q(kind, prompt, why, **kw):
    d = {"kind": kind, "prompt": prompt, "why": why}; d.update(kw); return d

# 2.1 raw attention on the toy
stop(T("Attention in three steps: the toy", "三步看注意力：玩具例子"),
     T("The chapter starts with two-dimensional toy vectors: the query “she” against the keys “improve” and “the”. Step 1 scores each key by a dot product: 0.90 for “improve”, 0.20 for “the”.",
       "本章从二维玩具向量开始：查询“she”对键“improve”和“the”。第 1 步用点积给每个键打分：“improve”得 0.90，“the”得 0.20。"),
     "walkthrough", {"query": "she", "keys": "improve the", "toy": True, "scoring": "dot", "step": "scores"},
     q("top_key", T("After the softmax, which key will “she” attend to most?", "经过 softmax 之后，“she”最关注哪个键？"),
       T("Softmax keeps the order of the scores: the larger score gets the larger weight, e^0.90 / (e^0.90 + e^0.20).",
         "softmax 保持分数的大小顺序：分数大的权重也大，e^0.90 / (e^0.90 + e^0.20)。"), query="she"))
stop(T("Step 2: softmax turns scores into weights", "第 2 步：softmax 把分数变成权重"),
     T("The weights are positive and sum to 1 along each row. 0.90 against 0.20 becomes about two thirds against one third — not 0.90 / 0.20.",
       "权重为正，每一行之和为 1。0.90 对 0.20 变成大约三分之二对三分之一，而不是 0.90 比 0.20。"),
     "walkthrough", {"query": "she", "keys": "improve the", "toy": True, "scoring": "dot", "step": "weights"})
stop(T("Step 3: the weighted mix", "第 3 步：加权求和"),
     T("The output for “she” is the weights times the value vectors: a point between “improve” and “the”, closer to “improve”.",
       "“she”的输出是权重乘以值向量：一个介于“improve”与“the”之间、更靠近“improve”的点。"),
     "walkthrough", {"query": "she", "keys": "improve the", "toy": True, "scoring": "dot", "step": "outputs"})
# GloVe sentences
stop(T("Real word vectors: the chapter's two sentences", "真实的词向量：本章的两个句子"),
     T("Now the queries are the words of “The teacher praised a student because she improved” and the keys those of “A student asked the teacher to help her improve”, each a 100-dimensional GloVe vector.",
       "现在查询是“The teacher praised a student because she improved”中的词，键是“A student asked the teacher to help her improve”中的词，每个词是一个 100 维的 GloVe 向量。"),
     "walkthrough", walk(scoring="dot", step="embeddings"))
stop(T("Raw scores q · k", "原始分数 q · k"),
     T("Dot products of 100-dimensional vectors are large: some rows have scores far apart.",
       "100 维向量的点积很大：有些行的分数相差很远。"),
     "walkthrough", walk(scoring="dot", step="scores"))
stop(T("Without scaling the softmax saturates", "不缩放时 softmax 会饱和"),
     T("With plain dot products the softmax puts almost all the weight on one key per row: the other words get next to nothing, and their gradients vanish.",
       "只用点积时，softmax 几乎把每一行的全部权重都给了一个键：其他词几乎得不到权重，梯度也随之消失。"),
     "walkthrough", walk(scoring="dot", step="weights"),
     q("top_key", T("Without scaling, which key does “she” attend to most?", "不缩放时，“she”最关注哪个键？"),
       T("The engine's weights for the row of “she”, each key's share:", "引擎算出的“she”这一行的权重，即每个键所占的份额："), query="she"))
stop(T("Scaling by 1/√d", "除以 √d 进行缩放"),
     T("Dividing the scores by √d (here √100 = 10) keeps them in a range where the softmax still spreads its weight: compare the rows with the previous stop.",
       "把分数除以 √d（这里 √100 = 10），分数就落在 softmax 仍能分散权重的范围内：与上一站的各行比较。"),
     "walkthrough", walk(step="scaled"))
stop(T("The weights of scaled dot-product attention", "缩放点积注意力的权重"),
     T("Each row is a query word's attention over the key sentence. Look at the row of “she”.",
       "每一行是一个查询词对键句子的注意力。看“she”这一行。"),
     "walkthrough", walk(step="weights"),
     q("top_key", T("Which key does “she” attend to most?", "“she”最关注哪个键？"),
       T("Raw GloVe vectors know which words occur together, not who “she” is.", "原始的 GloVe 向量只知道哪些词常一起出现，并不知道“she”指的是谁。"), query="she"))
stop(T("Function words attract attention", "虚词吸引注意力"),
     T("In self-attention on raw vectors each word's own column is strong (a vector is closest to itself), and frequent words such as “the” and “because” take weight from many rows: they are near many words in GloVe space. This is an artefact, not meaning.",
       "在原始向量的自注意力中，每个词自己那一列很强（一个向量与它自己最接近），而“the”“because”这类高频词从许多行分走权重：在 GloVe 空间里它们离很多词都近。这是一种假象，而不是语义。"),
     "walkthrough", walk(selfAttention=True, step="weights"),
     q("top_key", T("In self-attention, which word does “teacher” attend to most?", "自注意力中，“teacher”最关注哪个词？"),
       T("A word's vector is closest to itself, so the diagonal is strong; the rest goes largely to frequent words.", "一个词的向量与它自己最接近，所以对角线很强；其余权重多半流向高频词。"), query="teacher"))
# 2.2 learned Q K V
stop(T("Random Wq, Wk, Wv", "随机的 Wq、Wk、Wv"),
     T("Queries, keys and values are now x·Wq, x·Wk and x·Wv with random matrices (seed 42): the map changes completely, and means nothing yet.",
       "现在查询、键、值是 x·Wq、x·Wk、x·Wv，矩阵是随机的（种子 42）：热力图完全变了，但还没有任何意义。"),
     "walkthrough", walk(projection="random", seed=42))
stop(T("Learned Wq, Wk, Wv: a pronoun head", "学到的 Wq、Wk、Wv：代词注意力头"),
     T("This head was trained on sentences like the chapter's to answer “who is she?”. One head can learn one such relation; it cannot learn every relation at once — hence several heads.",
       "这个注意力头在与本章类似的句子上训练，用来回答“she 是谁”。一个头能学会这样一种关系，却无法同时学会所有关系——所以需要多个头。"),
     "walkthrough", walk(projection="learned", selfAttention=True),
     q("top_key", T("With the learned head, which word does “she” attend to most?", "使用学到的注意力头时，“she”最关注哪个词？"),
       T("Training moved the weight of “she” towards the noun it refers to.", "训练把“she”的权重移向了它所指代的名词。"), query="she"))
stop(T("Additive scoring", "加性打分"),
     T("Bahdanau's additive attention scores v·tanh(Wq q + Wk k) with its own parameters (here drawn from the seed) instead of a dot product. Compare its weights with the dot product's.",
       "Bahdanau 的加性注意力用 v·tanh(Wq q + Wk k) 打分，有自己的参数（这里由种子生成），而不是点积。把它的权重与点积的权重比较。"),
     "walkthrough", walk(scoring="additive"))
# 2.3 seq2seq
B = "The book that I bought is very interesting"
stop(T("Translation with attention: the alignment", "带注意力的翻译：对齐"),
     T("A GRU encoder–decoder translates English into Spanish. At each output word the decoder attends to the source words: the map is the alignment it learned, with no alignment data.",
       "一个 GRU 编码器–解码器把英语翻译成西班牙语。每生成一个输出词，解码器都会关注源句中的词：这张图就是它在没有对齐数据的情况下学到的对齐。"),
     "translation", {"text": B, "reference": "El libro que compré es muy interesante.", "autoReference": "El libro que compré es muy interesante.", "step": 2})
G = "She is reading a book in the garden"
stop(T("Without attention: one vector for the whole sentence", "没有注意力：整句只有一个向量"),
     T("The same kind of model without attention must squeeze the whole sentence into the encoder's last state before it writes a word.",
       "没有注意力的同类模型在写出第一个词之前，必须把整个句子压缩进编码器的最后一个状态。"),
     "translation", {"text": G, "reference": "Está leyendo un libro en el jardín.", "autoReference": "Está leyendo un libro en el jardín.", "decoder": "baseline"},
     q("better_model", T("Which model's translation scores higher chrF against the reference?", "哪个模型的译文与参考译文相比 chrF 更高？"),
       T("chrF counts the character n-grams the translation shares with the reference (100 = the same text).", "chrF 统计译文与参考译文共有的字符 n 元组（100 表示完全相同）。")))
L = "The small dog ran quickly across the green field to find its owner"
stop(T("The gap grows with length", "句子越长，差距越大"),
     T("On a long sentence the fixed-size vector of the model without attention loses more: the Scores tab shows the held-out chrF by source length.",
       "在长句上，没有注意力的模型那个固定大小的向量丢失得更多：“分数”标签页按源句长度列出了留出集上的 chrF。"),
     "translation", {"text": L, "reference": "El perro pequeño corrió deprisa a través del campo verde para encontrar su dueño.", "autoReference": "El perro pequeño corrió deprisa a través del campo verde para encontrar su dueño."},
     q("better_model", T("On this long sentence, which model scores higher chrF?", "在这个长句上，哪个模型的 chrF 更高？"),
       T("Attention lets each output word look back at the source words it needs.", "注意力让每个输出词都能回看它需要的源词。")))
# 2.4 transformer: sentiment
S = "a moving and beautiful film"
stop(T("A Transformer classifier: one map per head", "Transformer 分类器：每个头一张图"),
     T("A two-layer Transformer classifies film reviews. Each small map is one head of one layer; the large one is the selected head.",
       "一个两层的 Transformer 对影评分类。每张小图是某一层的一个头；大图是选中的那个头。"),
     "sentiment", {"text": S, "layer": 1, "head": 0},
     q("prediction", T("What does the model predict for this review?", "模型对这条影评的预测是什么？"),
       T("The probabilities come from the classifier's last layer.", "概率来自分类器的最后一层。")))
stop(T("Heads specialise", "不同的头各有分工"),
     T("Different heads look at different things. Which head of all attends most to “beautiful”?",
       "不同的头关注不同的东西。所有头中，哪个头最关注“beautiful”？"),
     "sentiment", {"text": S, "layer": 0, "head": 0},
     q("top_head", T("Which head puts the most weight on “beautiful”?", "哪个头在“beautiful”上的权重最大？"),
       T("The engine averages each head's column of “beautiful” over all query rows.", "引擎对每个头在“beautiful”这一列上的权重按所有查询行取平均。"), query="beautiful", metric="attention_to"))
stop(T("Padding and its mask", "填充与掩码"),
     T("Sentences in a batch are padded to one length. The mask sets the scores of padding keys to −∞, so after the softmax they get weight 0. Here the mask is switched off: the padding takes weight.",
       "一个批次中的句子会被填充到同一长度。掩码把填充位置的键的分数设为 −∞，于是 softmax 之后权重为 0。这里关掉了掩码：填充位置分走了权重。"),
     "sentiment", {"text": S, "padTo": 12, "maskPadding": False, "layer": 1, "head": 0},
     q("prediction", T("With the mask off, what does the model predict now?", "关掉掩码后，模型现在预测什么？"),
       T("Without the mask the padding positions change every row's mix, and so the pooled sentence vector.", "没有掩码时，填充位置改变了每一行的加权和，从而改变了池化后的句向量。")))
# transformer page
TS = "The teacher praised a student because she improved"
def tr(**kw):
    s = {"text": TS, "step": "embeddings", "layer": 0, "head": 0, "token": 6, "part": "weights"}; s.update(kw); return s
stop(T("Through a Transformer layer: embeddings and positions", "走过一层 Transformer：嵌入与位置"),
     T("Each token becomes its embedding plus a sinusoidal position encoding: without positions the layer could not tell word order.",
       "每个词元变成它的嵌入加上正弦位置编码：没有位置信息，这一层就分不出词序。"),
     "transformer", tr(step="embeddings"))
stop(T("Split into heads", "拆分成多个头"),
     T("Q, K and V are projected and split into heads of d_model / h dimensions each; every head attends on its own.",
       "Q、K、V 经过投影后拆分成多个头，每个头 d_model / h 维；每个头各自计算注意力。"),
     "transformer", tr(step="heads"))
stop(T("Scores, scaling, mask, softmax", "打分、缩放、掩码、softmax"),
     T("For the selected head: the scores Q·Kᵀ, scaled by 1/√d_k, the mask, and the softmax weights.",
       "对选中的头：分数 Q·Kᵀ，乘以 1/√d_k 缩放，加上掩码，再做 softmax 得到权重。"),
     "transformer", tr(step="attention", part="weights", head=1),
     q("top_key", T("Which token does “she” attend to most in this head?", "在这个头里，“she”最关注哪个词元？"),
       T("These are the trained classifier's weights, not raw GloVe similarities.", "这是训练好的分类器的权重，而不是原始 GloVe 的相似度。"), query="she"))
stop(T("Concatenate and project", "拼接并投影"),
     T("The heads' outputs are concatenated and multiplied by W_o back to d_model.", "各个头的输出拼接起来，再乘以 W_o 回到 d_model 维。"),
     "transformer", tr(step="concat"))
stop(T("Residual and layer norm", "残差与层归一化"),
     T("The attention output is added to the layer's input (the residual) and normalised per token.", "注意力的输出加回到这一层的输入上（残差），再对每个词元做归一化。"),
     "transformer", tr(step="norm1"))
stop(T("The feed-forward network", "前馈网络"),
     T("Each token then goes alone through the same two-layer network: attention mixes tokens, the FFN transforms each one.",
       "然后每个词元各自通过同一个两层网络：注意力在词元之间混合信息，前馈网络逐个变换每个词元。"),
     "transformer", tr(step="feedforward"))
stop(T("What if the mask is forgotten?", "如果忘了掩码会怎样？"),
     T("The sentence is padded to 16 positions and the mask is switched off: the padding leaks into every token's mix.",
       "句子被填充到 16 个位置并关掉掩码：填充信息渗入了每个词元的加权和。"),
     "transformer", tr(step="whatif", switches={"padTo": 16, "noMask": True}),
     q("changes_prediction", T("Does forgetting the mask change the prediction?", "忘了掩码会改变预测吗？"),
       T("The probabilities before and after, for the class predicted before:", "改变前后的概率（针对改变前预测的类别）：")))
stop(T("What if there are no positions?", "如果没有位置信息会怎样？"),
     T("The position encodings are left out and the words shuffled. Without positions self-attention sees a set of words, not a sequence: it is permutation-equivariant, and pooling over the tokens forgets their order too.",
       "去掉位置编码并打乱词序。没有位置信息时，自注意力看到的是一组词，而不是一个序列：它对排列是等变的，对词元的池化也会忘掉顺序。"),
     "transformer", tr(step="whatif", switches={"noPositions": True, "shuffle": True, "seedEnabled": True, "seed": 3}),
     q("changes_prediction", T("Without positions and with the words shuffled, does the prediction change?", "去掉位置信息并打乱词序后，预测会改变吗？"),
       T("Removing the positions moves the probabilities a little; shuffling the words then changes nothing more, since nothing in the model sees their order.",
         "去掉位置信息会让概率略有变化；之后再打乱词序就不会带来任何变化，因为模型中没有任何部分能看到词序。")))
stop(T("The cost of attention: O(n²)", "注意力的代价：O(n²)"),
     T("Every token attends to every token: the score matrix has n² cells, so its time and memory grow with the square of the length. At short lengths the projections and the FFN, which grow like n, still take most of the measured time; the curve bends towards n² as n grows.",
       "每个词元都关注每个词元：分数矩阵有 n² 个格子，所以它的时间和内存随长度的平方增长。在较短的长度上，随 n 线性增长的投影和前馈网络仍占实测时间的大部分；随着 n 增大，曲线逐渐弯向 n²。"),
     "transformer", tr(step="cost"))
# 2.5 ViT
V = {"dataset": {"path": "fashion-mnist-sample-images-idx3-ubyte"}, "browsed": 0, "tab": 0}
stop(T("ViT: an image as a sentence of patches", "ViT：把图像看成由图像块组成的句子"),
     T("The Vision Transformer cuts the 28 × 28 image into patches (a convolution whose kernel equals its stride), embeds each patch as a token and adds a [CLS] token. The map shows the [CLS] token's attention over the patches.",
       "视觉 Transformer 把 28 × 28 的图像切成图像块（卷积核大小等于步幅的卷积），把每个图像块嵌入成一个词元，再加上一个 [CLS] 词元。图中是 [CLS] 词元对各图像块的注意力。"),
     "vision", dict(V),
     q("prediction", T("Which class does the ViT predict for this image?", "ViT 对这张图像预测的是哪一类？"),
       T("The prediction is read from the [CLS] token after the last layer.", "预测读自最后一层之后的 [CLS] 词元。")))
stop(T("CutMix", "CutMix"),
     T("CutMix pastes a patch of one image into another and mixes their labels in proportion to the area: a remedy for ViT's hunger for data, which has none of a CNN's built-in locality.",
       "CutMix 把一张图像的一块贴到另一张图像上，并按面积比例混合它们的标签：这是缓解 ViT 对数据“饥渴”的一种办法，因为它没有 CNN 那种与生俱来的局部性。"),
     "vision", dict(V, tab=1, browsed=1))
stop(T("What the position embeddings learned", "位置嵌入学到了什么"),
     T("Each patch's learned position embedding is most similar to its neighbours': the model learned the 2-D grid from data.",
       "每个图像块学到的位置嵌入与其相邻图像块的最相似：模型从数据中学到了二维网格。"),
     "vision", dict(V, tab=2))
# decoder
stop(T("A decoder writes a story, token by token", "解码器逐个词元地写故事"),
     T("A small Llama trained on TinyStories continues the prompt. Its mask is causal: each token attends only to itself and the tokens before it — the map is a triangle.",
       "一个在 TinyStories 上训练的小型 Llama 续写提示词。它的掩码是因果的：每个词元只关注自己和之前的词元——所以注意力图是一个三角形。"),
     "generate", {"prompt": "Once upon a time, there was a little girl", "tokens": 12})
# the head survey (issue 54): what each head of the sentiment classifier does over a whole corpus
stop(T("What does each head do? A survey over 400 sentences", "每个头在做什么？在 400 个句子上的统计"),
     T("One sentence shows what a head did once. The head finder runs 400 sentences through the sentiment classifier and averages, for every layer and head, where the attention goes: to the first token, to the previous token, to itself, and how spread out it is.",
       "一个句子只能说明某个头这一次做了什么。“头部探查”把 400 个句子送进情感分类器，对每一层的每个头取平均：注意力流向第一个词元、前一个词元、它自己，以及分布得有多分散。"),
     "heads", {"limit": 400, "metric": "previous", "run": True},
     q("top_survey_head", T("Which head looks at the previous token?", "哪个头关注前一个词元？"),
       T("The survey's mean weight on the previous token, over every query position of the 400 sentences, for each head:",
         "在 400 个句子的每一个查询位置上，各个头放在前一个词元上的平均权重："), metric="previous"))
lesson = {"format": "attnviz-lesson", "version": 1,
          "title": T("Attention, Transformers and ViT — the chapter as a class", "注意力、Transformer 与 ViT——把本章变成一堂课"),
          "stops": stops}
open(pathlib.Path(__file__).resolve().parent.parent / "resources" / "lessons" / "chapter.attnviz-lesson", "w", encoding="utf-8").write(json.dumps(lesson, ensure_ascii=False, indent=2) + "\n")
print(len(stops), "stops,", sum(1 for s in stops if "question" in s), "questions")
