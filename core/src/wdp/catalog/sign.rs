//! Ed25519 detached signatures over a catalog's canonical bytes.

use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use rand::TryRng;

use super::{err, Catalog};
use crate::error::{ErrorCode, Result};

/// Bytes of an Ed25519 secret key (the seed).
pub const SECRET_KEY_LEN: usize = 32;
/// Bytes of an Ed25519 public key.
pub const PUBLIC_KEY_LEN: usize = 32;
/// Bytes of an Ed25519 signature.
pub const SIGNATURE_LEN: usize = 64;

/// An Ed25519 key pair for signing catalogs.
#[derive(Clone)]
pub struct KeyPair(SigningKey);

impl core::fmt::Debug for KeyPair {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // Never print the secret.
        write!(f, "KeyPair {{ public: {} }}", hex(&self.public_key()))
    }
}

impl KeyPair {
    /// A new key pair from the operating system's generator (`rand`'s `SysRng`).
    /// Fails with `INTERNAL_ERROR` only if the OS generator fails.
    pub fn generate() -> Result<KeyPair> {
        let mut seed = [0u8; SECRET_KEY_LEN];
        rand::rngs::SysRng.try_fill_bytes(&mut seed).map_err(|e| {
            err(
                ErrorCode::InternalError,
                format!("the OS random generator failed: {e}"),
            )
        })?;
        Ok(KeyPair(SigningKey::from_bytes(&seed)))
    }

    /// The key pair of a 32-byte secret key (`INVALID_LENGTH` otherwise).
    pub fn from_secret(secret: &[u8]) -> Result<KeyPair> {
        let seed: [u8; SECRET_KEY_LEN] = secret
            .try_into()
            .map_err(|_| crate::Error::length("Ed25519 secret key", secret.len(), 32))?;
        Ok(KeyPair(SigningKey::from_bytes(&seed)))
    }

    /// The 32-byte secret key.
    pub fn secret_key(&self) -> [u8; SECRET_KEY_LEN] {
        self.0.to_bytes()
    }

    /// The 32-byte public key.
    pub fn public_key(&self) -> [u8; PUBLIC_KEY_LEN] {
        self.0.verifying_key().to_bytes()
    }

    /// Signs arbitrary bytes.
    pub fn sign_bytes(&self, bytes: &[u8]) -> [u8; SIGNATURE_LEN] {
        self.0.sign(bytes).to_bytes()
    }
}

fn bad_signature(why: String) -> crate::Error {
    err(ErrorCode::InvalidSignature, why)
}

/// Verifies a detached Ed25519 signature over bytes (strict verification). A malformed key
/// or signature, or one that does not verify, is `INVALID_SIGNATURE`.
pub fn verify_bytes(bytes: &[u8], public_key: &[u8], signature: &[u8]) -> Result<()> {
    let key: [u8; PUBLIC_KEY_LEN] = public_key.try_into().map_err(|_| {
        bad_signature(format!(
            "a public key is 32 bytes, found {}",
            public_key.len()
        ))
    })?;
    let sig: [u8; SIGNATURE_LEN] = signature.try_into().map_err(|_| {
        bad_signature(format!(
            "a signature is 64 bytes, found {}",
            signature.len()
        ))
    })?;
    let key = VerifyingKey::from_bytes(&key)
        .map_err(|_| bad_signature("the public key is not a valid Ed25519 point".to_owned()))?;
    key.verify_strict(bytes, &Signature::from_bytes(&sig))
        .map_err(|_| bad_signature("the signature does not match the catalog".to_owned()))
}

impl Catalog {
    /// The detached Ed25519 signature of [`Catalog::canonical_bytes`].
    pub fn sign(&self, key: &KeyPair) -> [u8; SIGNATURE_LEN] {
        key.sign_bytes(&self.canonical_bytes())
    }

    /// Verifies a detached signature of [`Catalog::canonical_bytes`]
    /// (`INVALID_SIGNATURE` when it does not verify).
    pub fn verify(&self, public_key: &[u8], signature: &[u8]) -> Result<()> {
        verify_bytes(&self.canonical_bytes(), public_key, signature)
    }
}

/// Lowercase hex of bytes (keys and signatures are usually passed around as hex).
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}

/// Bytes of a hex string (either case; `INVALID_LENGTH` for an odd length,
/// `INVALID_CHARACTER` for a non-hex symbol).
pub fn from_hex(text: &str) -> Result<Vec<u8>> {
    let b = text.as_bytes();
    if !b.len().is_multiple_of(2) {
        return Err(crate::Error::length("hex", b.len(), b.len() + 1));
    }
    let digit = |i: usize| -> Result<u8> {
        match b[i] {
            c @ b'0'..=b'9' => Ok(c - b'0'),
            c @ b'a'..=b'f' => Ok(c - b'a' + 10),
            c @ b'A'..=b'F' => Ok(c - b'A' + 10),
            _ => Err(crate::Error::character(
                ErrorCode::InvalidCharacter,
                "hex",
                text[..i].chars().count(),
                text[i..].chars().next().unwrap_or('\u{fffd}'),
            )),
        }
    };
    (0..b.len() / 2)
        .map(|i| Ok(digit(2 * i)? << 4 | digit(2 * i + 1)?))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip() {
        assert_eq!(hex(&[0, 0xab, 0xff]), "00abff");
        assert_eq!(from_hex("00ABff").unwrap(), [0, 0xab, 0xff]);
        assert_eq!(
            from_hex("0g").unwrap_err().code(),
            ErrorCode::InvalidCharacter
        );
        assert_eq!(
            from_hex("abc").unwrap_err().code(),
            ErrorCode::InvalidLength
        );
    }

    /// RFC 8032 §7.1 TEST 1: the empty message.
    #[test]
    fn rfc8032_test_1() {
        let k = KeyPair::from_secret(
            &from_hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60").unwrap(),
        )
        .unwrap();
        assert_eq!(
            hex(&k.public_key()),
            "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
        );
        let sig = k.sign_bytes(b"");
        assert_eq!(
            hex(&sig),
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
        );
        verify_bytes(b"", &k.public_key(), &sig).unwrap();
        assert_eq!(
            verify_bytes(b"x", &k.public_key(), &sig)
                .unwrap_err()
                .code(),
            ErrorCode::InvalidSignature
        );
    }
}
