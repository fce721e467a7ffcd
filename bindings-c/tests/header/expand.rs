//! The C functions that `with_n_twin!` (src/ffi.rs), `arrow_fn!` (src/arrow.rs) and
//! `generator_fns!` (src/generation.rs) declare, written out as plain items so that cbindgen
//! reads them as it reads the others. cbindgen skips macro invocations, and expanding the
//! crate for it takes an unstable compiler flag; this reads the macros' inputs instead and
//! writes what cbindgen looks at (the doc comments and the signatures, with empty bodies).
//! Everything else passes through.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::parse::{ParseStream, Parser};
use syn::{parenthesized, Attribute, Ident, Item, Token, Type};

/// The source of one file of the crate, each invocation of the macros replaced by the items
/// it declares.
pub fn expand_file(source: &str) -> Result<String, syn::Error> {
    let file = syn::parse_file(source)?;
    let mut out = TokenStream::new();
    for attr in &file.attrs {
        attr.to_tokens(&mut out);
    }
    for item in &file.items {
        match item {
            Item::Macro(m) if m.mac.path.is_ident("with_n_twin") => {
                out.extend(twin.parse2(m.mac.tokens.clone())?)
            }
            Item::Macro(m) if m.mac.path.is_ident("arrow_fn") => {
                out.extend(arrow.parse2(m.mac.tokens.clone())?)
            }
            Item::Macro(m) if m.mac.path.is_ident("generator_fns") => {
                out.extend(generator.parse2(m.mac.tokens.clone())?)
            }
            _ => item.to_tokens(&mut out),
        }
    }
    Ok(out.to_string())
}

/// A parameter of either macro: `name: Type`, or `name / second: marker` (a string as a
/// pointer and its `_n` length, or a column as its array and schema).
enum Param {
    Typed(Ident, Type),
    Pair(Ident, Ident),
}

fn params(input: ParseStream) -> syn::Result<Vec<Param>> {
    let mut out = Vec::new();
    while !input.is_empty() {
        let name: Ident = input.parse()?;
        let second = if input.peek(Token![/]) {
            input.parse::<Token![/]>()?;
            Some(input.parse::<Ident>()?)
        } else {
            None
        };
        input.parse::<Token![:]>()?;
        let ty: Type = input.parse()?;
        out.push(match second {
            Some(second) => Param::Pair(name, second),
            None => Param::Typed(name, ty),
        });
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
    }
    Ok(out)
}

fn named_fn(input: ParseStream) -> syn::Result<(Vec<Attribute>, Ident)> {
    let docs = input.call(Attribute::parse_outer)?;
    input.parse::<Token![fn]>()?;
    Ok((docs, input.parse()?))
}

/// `with_n_twin!`: the function with NUL-terminated strings and its `_n` twin.
fn twin(input: ParseStream) -> syn::Result<TokenStream> {
    let (docs, name) = named_fn(input)?;
    input.parse::<Token![;]>()?;
    let (docs_n, name_n) = named_fn(input)?;
    input.parse::<Token![;]>()?;
    let content;
    syn::parenthesized!(content in input);
    let params = params(&content)?;
    input.parse::<Token![->]>()?;
    let ret: Type = input.parse()?;
    input.parse::<TokenStream>()?; // the body

    // The paragraph `with_n_twin!` adds to the end of the twin's doc comment.
    let shared = format!(" `{name}()`.");
    let docs_n = quote! {
        #(#docs_n)*
        #[doc = ""]
        #[doc = " The string arguments are (pointer, length in bytes) pairs: not NUL-terminated, and a"]
        #[doc = " NUL byte inside is an ordinary (invalid) character. Same buffers and errors as"]
        #[doc = #shared]
    };
    let (mut c, mut n) = (Vec::new(), Vec::new());
    for p in &params {
        match p {
            Param::Pair(p, len) => {
                c.push(quote!(#p: *const c_char));
                n.push(quote!(#p: *const c_char, #len: usize));
            }
            Param::Typed(p, t) => {
                c.push(quote!(#p: #t));
                n.push(quote!(#p: #t));
            }
        }
    }
    Ok(quote! {
        #(#docs)*
        #[no_mangle]
        pub unsafe extern "C" fn #name(#(#c),*) -> #ret {}
        #docs_n
        #[no_mangle]
        pub unsafe extern "C" fn #name_n(#(#n),*) -> #ret {}
    })
}

/// `arrow_fn!`: the function's own parameters, then the output's and the error's.
fn arrow(input: ParseStream) -> syn::Result<TokenStream> {
    let (docs, name) = named_fn(input)?;
    let content;
    syn::parenthesized!(content in input);
    let params = params(&content)?;
    let row = if input.peek(Ident) {
        let (without, what): (Ident, Ident) = (input.parse()?, input.parse()?);
        if without != "without" || what != "error_row" {
            return Err(syn::Error::new(
                without.span(),
                "expected `without error_row`",
            ));
        }
        quote!()
    } else {
        quote!(error_row: *mut i64,)
    };
    input.parse::<TokenStream>()?; // the body
    let own = params.iter().map(|p| match p {
        Param::Pair(array, schema) => {
            quote!(#array: *const FFI_ArrowArray, #schema: *const FFI_ArrowSchema,)
        }
        Param::Typed(p, t) => quote!(#p: #t,),
    });
    Ok(quote! {
        #(#docs)*
        #[no_mangle]
        pub unsafe extern "C" fn #name(
            #(#own)*
            out: *mut FFI_ArrowArray,
            out_schema: *mut FFI_ArrowSchema,
            #row
            err: *mut polyid_error,
        ) -> polyid_status {}
    })
}

/// Skips tokens up to the next `;` at this level, and the `;`.
fn skip_to_semicolon(input: ParseStream) -> syn::Result<()> {
    while !input.peek(Token![;]) {
        input.parse::<proc_macro2::TokenTree>()?;
    }
    input.parse::<Token![;]>()?;
    Ok(())
}

/// `generator_fns!`: the handle, then each function by its kind.
fn generator(input: ParseStream) -> syn::Result<TokenStream> {
    let docs = input.call(Attribute::parse_outer)?;
    input.parse::<Token![struct]>()?;
    let handle: Ident = input.parse()?;
    let content;
    parenthesized!(content in input);
    let core: Ident = content.parse()?;
    input.parse::<Token![->]>()?;
    let id: Type = input.parse()?;
    input.parse::<Token![=]>()?;
    skip_to_semicolon(input)?; // the conversion
    let mut out = quote! {
        #(#docs)*
        pub struct #handle {
            clock: GenClock,
            generator: #core<GenClock>,
        }
    };
    while !input.is_empty() {
        let (docs, name) = named_fn(input)?;
        input.parse::<Token![=]>()?;
        let kind: Ident = input.parse()?;
        let getter = |t: TokenStream| {
            quote! {
                generator: *const #handle, out: *mut #t, err: *mut polyid_error
            }
        };
        let params = match kind.to_string().as_str() {
            "next" => getter(quote!(#id)),
            "node" => getter(quote!(i64)),
            "lead_ms" | "max_lead_ms" => getter(quote!(u64)),
            "on_clock_behind" => getter(quote!(i32)),
            "get" => {
                let content;
                parenthesized!(content in input);
                let t: Type = content.parse()?;
                content.parse::<TokenStream>()?; // the value
                getter(t.into_token_stream())
            }
            "next_many" => quote! {
                generator: *const #handle, out: *mut #id, count: usize, err: *mut polyid_error
            },
            "set_clock_micros" => {
                quote!(generator: *const #handle, micros: i64, err: *mut polyid_error)
            }
            "free" => quote!(generator: *mut #handle),
            _ => {
                return Err(syn::Error::new(
                    kind.span(),
                    "unknown generator function kind",
                ))
            }
        };
        let ret = if kind == "free" {
            quote!()
        } else {
            quote!(-> polyid_status)
        };
        input.parse::<Token![;]>()?;
        out.extend(quote! {
            #(#docs)*
            #[no_mangle]
            pub unsafe extern "C" fn #name(#params) #ret {}
        });
    }
    Ok(out)
}
