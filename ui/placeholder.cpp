namespace fd { void uiPlaceholder() {} }
