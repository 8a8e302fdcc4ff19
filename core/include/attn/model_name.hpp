#pragma once
// A model folder's name as a person would call it. A Hugging Face download often sits in a folder named
// "hf", "model" or a snapshot hash, so the folder's own name says little (issue 49: the Generate page
// called stories260K "hf"). The first of these that gives a name wins:
//   1. config.json's "_name_or_path" (transformers writes the Hub name, e.g. "openai-community/gpt2"; a
//      local path there gives its last meaningful folder);
//   2. the first "# " heading of MODEL_CARD.md or README.md (after any "---" front matter), up to a
//      " — ", " - " or ":" that starts a description ("# stories260K — a real trained Llama" gives
//      "stories260K");
//   3. the folder's name, unless it is generic (hf, model, models, checkpoint(s), weights, files, main,
//      latest, final, snapshots, a 40-digit commit hash), then its parent's, and so on; a Hugging Face cache
//      folder "models--org--name" gives "org/name".
// Files that cannot be read or parsed are skipped (the loader reports them). At most 80 characters.

#include <filesystem>
#include <string>

namespace attn {

std::string modelName(const std::filesystem::path& dir);

} // namespace attn
