//! placeholder: the python binding is being written.
