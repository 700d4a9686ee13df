export default '/'
