#pragma once
// Hugging Face ViT (ViTModel / ViTForImageClassification, transformers' modeling_vit.py), pre-LN:
//
//   patches  conv2d(kernel = stride = patch): projection.weight [d, C, p, p] as a d x (C p p) matrix
//            on each flattened C x p x p patch, patches row by row (N = (H/p) (W/p))
//   x_0 = [cls_token ; patches] + position_embeddings                   T = N + 1 rows, T x d
//   per layer:  h = layernorm_before(x)
//               A_h = softmax(q_h k_h^T / sqrt(hs)),  q, k, v = h W^T (+ b when qkv_bias)   heads contiguous
//               x += concat_h(A_h v_h) W_o^T + b                   (attention.output.dense)
//               x += act(layernorm_after(x) W_i^T + b) W_out^T + b  (intermediate.dense, output.dense)
//   x = layernorm(x);  logits = x[0] W_cls^T + b      (classifier on [CLS]; no pooler)
//
// Names with the "vit." prefix (task models) or without (ViTModel). hidden_act and layer_norm_eps
// (1e-12 by default) from config.json. ViTModel's pooler (tanh(dense([CLS]))) feeds no head: its shape is
// checked and it is dropped. Pixel values come from the directory's preprocessor_config.json
// (attn/hf/image_preprocessor.hpp). Not implemented, and refused naming the file: position-embedding
// interpolation (pixel values of another size than image_size, a preprocessor size other than
// image_size) and ViTForMaskedImageModeling (mask_token). image_size / patch_size may be an integer or
// [height, width]; as the convolution, a remainder of the image beyond whole patches is not read.
// (attn::VitModel is attnviz's own ViT layout; this is Hugging Face's.)

#include <attn/hf/gpt2.hpp>
#include <attn/hf/image_preprocessor.hpp>
#include <attn/hf/model.hpp>
#include <attn/hf/tensor_store.hpp>
#include <attn/image.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <attn/layers/layer_norm.hpp>
#include <memory>

namespace attn::hf {

struct ViTConfig {
    int hidden = 768, layers = 12, heads = 12, intermediate = 3072;
    int imageHeight = 224, imageWidth = 224, patchHeight = 16, patchWidth = 16, channels = 3;
    float layerNormEps = 1e-12f;
    HfActivation activation = HfActivation::Gelu;
    bool qkvBias = true;
    int headSize() const { return hidden / heads; }
    int gridHeight() const { return imageHeight / patchHeight; }
    int gridWidth() const { return imageWidth / patchWidth; }
    int numPatches() const { return gridHeight() * gridWidth(); }
};
ViTConfig parseViTConfig(const HfConfig& c);

class ViTModel : public EncoderModel {
public:
    struct Layer {
        layers::LayerNorm before, after; // layernorm_before / layernorm_after
        Matrix wq, wk, wv, wo;           // d x d, [out, in]
        RowVector bq, bk, bv, bo;        // d (bq, bk, bv zero when qkv_bias is false)
        Matrix wi;                       // intermediate x d
        RowVector bi;                    // intermediate
        Matrix wout;                     // d x intermediate
        RowVector bout;                  // d
    };
    struct Weights {
        Matrix patch;           // d x (C ph pw)
        RowVector patchB;       // d
        RowVector cls;          // d
        Matrix position;        // (N + 1) x d
        layers::LayerNorm norm; // final layernorm
        std::vector<Layer> layers;
        Matrix classifier; // n_labels x d (empty: no head)
        RowVector classifierB;
    };
    /// Checks every shape against `cfg` ("expected X, got Y") and the preprocessor against the config, then
    /// moves the layers into encoder() (w.layers is left empty).
    ViTModel(HfConfig config, std::filesystem::path dir, ViTConfig cfg, Weights w,
             std::vector<std::string> labels, ImagePreprocessor preprocessor);
    /// Takes every tensor from `s` (and calls s.finish()); reads dir/preprocessor_config.json.
    static std::shared_ptr<ViTModel> load(const HfConfig& config, const std::filesystem::path& dir,
                                          TensorStore& s);

    std::string modelType() const override { return "vit"; }
    int numLayers() const override { return cfg_.layers; }
    int numHeads() const override { return cfg_.heads; }
    const std::vector<std::string>& labels() const override { return labels_; }
    const ViTConfig& vitConfig() const { return cfg_; }
    const ImagePreprocessor& preprocessor() const { return pre_; }
    /// position_embeddings: (N + 1) x d, [CLS] first.
    const Matrix& positionEmbeddings() const { return w_.position; }

    /// The preprocessor's pixel values for an image (pixels in [0, 1]; grey expanded to the model's
    /// channels).
    Image prepare(const Image& image) const;
    /// Forward on pixel values (channels x image_size x image_size); throws naming config.json otherwise.
    EncoderOutput forward(const Image& pixelValues) const;
    /// x_0 above: [CLS] and the patch embeddings plus the position embeddings, T x d, of pixel values
    /// (throws as forward()).
    Matrix embed(const Image& pixelValues) const;
    /// The patch embedding, [CLS], positions, final norm and classifier as loaded (the layers are in
    /// encoder()).
    const Weights& weights() const { return w_; }
    /// The encoder layers forward() runs (pre-LN).
    const layers::TransformerEncoder& encoder() const { return encoder_; }
    /// prepare() then forward().
    EncoderOutput classify(const Image& image) const { return forward(prepare(image)); }
    /// "[CLS]" then "r{row}c{col}" per patch, row by row (T labels).
    std::vector<std::string> positionLabels() const;

private:
    ViTConfig cfg_;
    Weights w_;
    layers::TransformerEncoder encoder_;
    std::vector<std::string> labels_;
    ImagePreprocessor pre_;
};

} // namespace attn::hf
