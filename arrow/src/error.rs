//! What a kernel returns: the columns, or the error that stopped it.

use core::fmt;

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, StructArray};
use arrow_schema::{DataType, Field, Fields};
use polyid::{Detail, Error, ErrorCode};

/// What a kernel does with a row that the core rejects.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OnError {
    /// The first invalid row stops the kernel with a [`ColumnError`] that names the row, its
    /// input and the core's error.
    #[default]
    Raise,
    /// An invalid row becomes null in [`Output::values`], and its error code goes into
    /// [`Output::errors`].
    Null,
}

impl OnError {
    /// `"raise"` or `"null"`.
    pub fn from_name(name: &str) -> Option<OnError> {
        match name {
            "raise" => Some(OnError::Raise),
            "null" => Some(OnError::Null),
            _ => None,
        }
    }

    /// The name [`OnError::from_name`] reads.
    pub const fn as_str(self) -> &'static str {
        match self {
            OnError::Raise => "raise",
            OnError::Null => "null",
        }
    }
}

/// The columns a row-wise kernel returns.
#[derive(Clone, Debug)]
pub struct Output {
    /// One value per input row: null where the input is null (or, with [`OnError::Null`],
    /// invalid).
    pub values: ArrayRef,
    /// With [`OnError::Null`]: a `utf8` column of the stable error codes
    /// ([`ErrorCode::as_str`]), one per row, null where the row is valid or null. `None` with
    /// [`OnError::Raise`].
    pub errors: Option<ArrayRef>,
}

impl Output {
    /// The one column a binding returns for its `on_error` mode: the values with
    /// [`OnError::Raise`], the struct `{value, error}` with [`OnError::Null`].
    pub fn packed(self) -> Result<ArrayRef, ColumnError> {
        let Some(errors) = self.errors else {
            return Ok(self.values);
        };
        let fields = Fields::from(vec![
            Field::new("value", self.values.data_type().clone(), true),
            Field::new("error", DataType::Utf8, true),
        ]);
        StructArray::try_new(fields, vec![self.values, errors], None)
            .map(|s| Arc::new(s) as ArrayRef)
            .map_err(|e| {
                ColumnError::new(Error::new(
                    ErrorCode::InternalError,
                    "Arrow column",
                    Detail::Message(e.to_string().into()),
                ))
            })
    }
}

/// The row that stopped a kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Row {
    index: usize,
    input: String,
}

/// The most bytes of a row's input that a [`ColumnError`] keeps: enough to recognise the
/// value, while a multi-megabyte cell does not end up in an exception message.
pub const MAX_INPUT_BYTES: usize = 256;

/// A kernel stopped: the core's [`Error`], and for a row-wise failure the row's index and
/// input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnError {
    error: Error,
    row: Option<Row>,
}

impl ColumnError {
    /// An error about the call itself (an argument, a column type, a count), not a row.
    pub fn new(error: Error) -> ColumnError {
        ColumnError { error, row: None }
    }

    /// The error of row `index`, whose input reads as `input` (cut to [`MAX_INPUT_BYTES`]).
    pub fn at_row(error: Error, index: usize, input: &str) -> ColumnError {
        let input = if input.len() > MAX_INPUT_BYTES {
            let mut end = MAX_INPUT_BYTES;
            while !input.is_char_boundary(end) {
                end -= 1;
            }
            format!("{}...", &input[..end])
        } else {
            input.to_owned()
        };
        ColumnError {
            error,
            row: Some(Row { index, input }),
        }
    }

    /// The same error with its row counted `offset` rows later: a chunk's error, counted from
    /// the start of the whole column.
    pub fn shifted(self, offset: usize) -> ColumnError {
        match self.row {
            Some(Row { index, input }) => ColumnError {
                error: self.error,
                row: Some(Row {
                    index: index + offset,
                    input,
                }),
            },
            None => self,
        }
    }

    /// The stable code of the core's error.
    pub fn code(&self) -> ErrorCode {
        self.error.code()
    }

    /// The core's error, with its message and detail.
    pub fn error(&self) -> &Error {
        &self.error
    }

    /// The index of the first invalid row, for a row-wise failure.
    pub fn row(&self) -> Option<usize> {
        self.row.as_ref().map(|r| r.index)
    }

    /// That row's input: the text, or the numbers of a row of several columns as
    /// `name=value` pairs.
    pub fn input(&self) -> Option<&str> {
        self.row.as_ref().map(|r| r.input.as_str())
    }
}

impl fmt::Display for ColumnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.row {
            Some(row) => write!(f, "row {} ({:?}): {}", row.index, row.input, self.error),
            None => fmt::Display::fmt(&self.error, f),
        }
    }
}

impl std::error::Error for ColumnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl From<Error> for ColumnError {
    fn from(error: Error) -> ColumnError {
        ColumnError::new(error)
    }
}
