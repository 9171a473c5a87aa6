//! Serde as notation: actions, cards and squares travel as the strings players write.
//!
//! A saved record or a message to a client should read `"c2-c4"` and `"QH"`, not an
//! internal enum layout, so that the wire format is the documented notation and survives
//! refactoring. [`serde_as_notation!`](crate::serde_as_notation) implements `Serialize`
//! (the `Display` text) and `Deserialize` (parsed with `FromStr`; a bad string is the
//! notation error's message) for a type.
//!
//! ```
//! use core::fmt;
//! use core::str::FromStr;
//! use duke_core::NotationError;
//!
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! struct Bid(u8);
//! impl fmt::Display for Bid {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//!         write!(f, "bid {}", self.0)
//!     }
//! }
//! impl FromStr for Bid {
//!     type Err = NotationError;
//!     fn from_str(s: &str) -> Result<Bid, NotationError> {
//!         let n = s.strip_prefix("bid ").and_then(|n| n.parse().ok());
//!         n.map(Bid).ok_or_else(|| NotationError::new(s, "expected `bid N`"))
//!     }
//! }
//! duke_core::serde_as_notation!(Bid);
//!
//! assert_eq!(serde_json::to_string(&Bid(3)).unwrap(), "\"bid 3\"");
//! assert_eq!(serde_json::from_str::<Bid>("\"bid 3\"").unwrap(), Bid(3));
//! let err = serde_json::from_str::<Bid>("\"pass\"").unwrap_err();
//! assert!(err.to_string().contains("expected `bid N`"));
//! ```

/// Implements `Serialize` as the `Display` text and `Deserialize` by `FromStr` for a
/// type whose notation round-trips (see the [module docs](crate::notation)).
#[macro_export]
macro_rules! serde_as_notation {
    ($ty:ty) => {
        impl $crate::__serde::Serialize for $ty {
            fn serialize<S: $crate::__serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::notation::deserialize_notation(deserializer)
            }
        }
    };
}

/// Reads a string and parses it with `FromStr`: the implementation behind
/// [`serde_as_notation!`](crate::serde_as_notation).
pub fn deserialize_notation<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: core::str::FromStr,
    T::Err: core::fmt::Display,
    D: serde::Deserializer<'de>,
{
    struct Text<T>(core::marker::PhantomData<T>);
    impl<T> serde::de::Visitor<'_> for Text<T>
    where
        T: core::str::FromStr,
        T::Err: core::fmt::Display,
    {
        type Value = T;
        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("a string in the game's notation")
        }
        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<T, E> {
            text.parse().map_err(E::custom)
        }
    }
    deserializer.deserialize_str(Text(core::marker::PhantomData))
}
