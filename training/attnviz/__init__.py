"""attnviz training helpers: reference PyTorch modules whose state_dict names are the checkpoint
format the C++ engine reads, a small safetensors writer/reader, and checkpoint export."""

__all__ = ["models", "safetensors", "export"]
