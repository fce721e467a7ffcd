//! placeholder: the wasm binding is being written.
