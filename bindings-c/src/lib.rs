//! placeholder: the c binding is being written.
