export default '/portfolio'
