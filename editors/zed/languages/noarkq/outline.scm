; The outline: one item per block, named by its header.
(block
  (block_header
    name: (block_name) @name
    description: (description)? @context.extra)) @item
