//! KataGo's networks in ingo: reading a model file, and (to come) its
//! inputs, the forward pass and the numbers it returns.

pub mod forward;
pub mod model;
pub mod output;
