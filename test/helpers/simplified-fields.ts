// The fields Simplify gives each kind, in their order: what the README's Simplify table lists (a release test holds
// the table to these lists), and what the tests expect of the node.

export const SIMPLIFIED_FILE_FIELDS =
	'id name type mimeType size createdAt parentId parentName fileUrl thumbnailUrl'.split(' ');

export const SIMPLIFIED_FOLDER_FIELDS =
	'id name type itemCount size createdAt parentId parentName shared trashedItemCount'.split(' ');
