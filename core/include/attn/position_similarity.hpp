#pragma once
// Similarity of a ViT's position embeddings (Dosovitskiy et al. 2021, "An Image is Worth 16x16
// Words", fig. 7 centre): for each patch, the cosine similarity of its position embedding with the
// embedding of every other patch, drawn as a small grid at the patch's place.
//
//   cos(i, j) = <p_i, p_j> / (|p_i| |p_j|)      (0 when either vector is zero)

#include <attn/matrix.hpp>

namespace attn {

/// N x N cosine similarities between the rows of an N x d matrix (computed in double).
Matrix cosineSimilarity(const Matrix& rows);

/// The position embeddings of the patches only: rows 1..N of the (N + 1) x d table (row 0 is [CLS]),
/// as cosineSimilarity's input. Throws std::invalid_argument for fewer than 2 rows.
Matrix patchPositions(const Matrix& positionsWithCls);

} // namespace attn
