//! Zed starts the noarkq language server through this: `noarkq lsp`, found on the PATH of the
//! project's shell (install it with `npm install -g` of the noarkq package; see the README).
use zed_extension_api::{self as zed, LanguageServerId, Result};

struct NoarkqExtension;

impl zed::Extension for NoarkqExtension {
    fn new() -> Self {
        NoarkqExtension
    }

    fn language_server_command(
        &mut self,
        _language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<zed::Command> {
        let command = worktree.which("noarkq").ok_or_else(|| {
            "noarkq was not found on the PATH: install the noarkq package (npm install -g ./noarkq-<version>.tgz) and restart Zed".to_string()
        })?;
        Ok(zed::Command {
            command,
            args: vec!["lsp".to_string()],
            env: Default::default(),
        })
    }
}

zed::register_extension!(NoarkqExtension);
