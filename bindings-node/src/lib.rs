//! placeholder: the node binding is being written.
