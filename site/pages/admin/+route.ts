export default '/admin/newsletter'
